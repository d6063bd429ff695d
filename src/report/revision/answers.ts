/**
 * The answer loop of a round: every remark of the previous round held against the designer's answer to it and
 * against this revision, and proposed «снято», «не снято», «том не представлен повторно» or «нет ответа», with its
 * reasons — what the comparison found, what the answer says, what the revision shows of the volume and sheet the
 * answer names. A proposal is never a decision: the specialist confirms it (accepted) or overrides it (rejected)
 * by a decision of this run on `decide_on`.
 *
 * Drawn from the stored comparison and the answers alone (no file is read), so publication (for the reports) and
 * every read of /findings and the registers (for answers brought in later) draw the same review from the same data.
 */
import type { Decision, DesignerAnswer } from '../../kernel/model/feedback.ts';
import type { ProposalDecision } from '../../kernel/model/results.ts';
import type {
  AnswerProposal,
  AnswerProposalState,
  AnswerReview,
  Finding,
  PublishedResult,
  PublishedRevision,
  ResolvedFinding,
  RevisionNorms,
  RevisionSheets,
  RoundAnswer,
} from '../../kernel/result.ts';
import { citedDocuments } from './documents.ts';
import { checkNamedNorms, type NormCheck } from './norms.ts';

/** The answer as brought in, with when (designer_answers of the previous run). */
export type UploadedAnswer = RoundAnswer & { uploaded_at: string };

export function uploadedAnswer(a: DesignerAnswer): UploadedAnswer {
  return { finding_id: a.findingId, answer: a.answer, sheet: a.sheet, closed: a.closed, uploaded_at: a.uploadedAt };
}

export const PROPOSAL_LABELS: Record<AnswerProposalState, string> = {
  closed: 'снято',
  not_closed: 'не снято',
  not_resubmitted: 'том не представлен повторно',
  no_answer: 'нет ответа',
};

/** Words of an answer that say the remark was corrected («исправлено», «лист заменён», «ссылка приведена», «СП … исключён»). */
const CORRECTED =
  /исправл|корректир|внес[её]н|измен[её]н|дополнен|привед[её]н|устран[её]н|добавлен|замен[её]н|замене|учт[её]н|выполнен|откорр|исключ[её]н|удал[её]н/i;
/** Words that say it was not: the designer disagrees or explains instead. */
const OBJECTION = /не\s+согласн|не\s+требу|не\s+исправл|не\s+устран|без\s+изменени|отклон|не\s+является|не\s+относится/i;

/** The answer claims a correction: it says so, names the corrected sheet or marks the remark «снято». */
export function claimsCorrection(a: RoundAnswer): boolean {
  const text = `${a.answer} ${a.closed}`;
  if (OBJECTION.test(text) && !/^\s*снят/i.test(a.closed)) return false;
  return CORRECTED.test(a.answer) || a.sheet.trim() !== '' || /^\s*снят/i.test(a.closed);
}

/** The sheets an answer names: «Лист с исправлением» («2», «л. 3, 5», «3.1»), else «лист N» in the answer. */
export function namedSheets(a: RoundAnswer): string[] {
  const from = a.sheet.trim() ? a.sheet : [...a.answer.matchAll(/лист[а-я]*\s+(\d+(?:\.\d+)?(?:\s*(?:,|и)\s*\d+(?:\.\d+)?)*)/gi)].map((m) => m[1]).join(', ');
  return [...new Set([...from.matchAll(/\d+(?:\.\d+)?/g)].map((m) => m[0]))];
}

interface Volume {
  label: string;
  status: 'unchanged' | 'corrected' | 'added';
  /** The sheet numbers its title blocks give in this revision, when read. */
  sheets: { from: number; to: number }[] | null;
  /** Its sheets against the previous edition, when both were read again (src/pipeline/stages/sheet-changes.ts). */
  changes?: RevisionSheets;
  /** The norms it cites, when read again (the same). */
  norms?: RevisionNorms;
}

/** What the revision shows of one named sheet of a corrected volume: changed, the same, new, gone; null when not compared. */
function sheetChange(v: Volume, sheet: string): 'changed' | 'unchanged' | 'added' | 'removed' | null {
  if (!v.changes) return null;
  for (const kind of ['changed', 'unchanged', 'added', 'removed'] as const) if (v.changes[kind].includes(sheet)) return kind;
  return null;
}

const CHANGE_WORDS = { changed: 'изменён', unchanged: 'не изменён (текст тот же, что в прошлой редакции)', added: 'добавлен', removed: 'исключён' };

/** Some sheet the answer names was changed or added in this revision. */
function namedSheetChanged(volumes: readonly Volume[], sheets: readonly string[]): boolean {
  return volumes.some((v) => sheets.some((s) => ['changed', 'added'].includes(sheetChange(v, s) ?? '')));
}

/** Every sheet the answer names was compared and found the same as in the previous edition (or the volume is the same file). */
function namedSheetsUnchanged(volumes: readonly Volume[], sheets: readonly string[]): boolean {
  return (
    sheets.length > 0 &&
    volumes.length > 0 &&
    volumes.every((v) => v.status === 'unchanged' || (v.changes !== undefined && sheets.every((s) => sheetChange(v, s) === 'unchanged')))
  );
}

/** This revision's volumes the remark is in: by this run's documents (a persisting remark) or by the previous ones. */
function volumesOf(result: PublishedResult, revision: PublishedRevision, current: Finding | undefined, previous: readonly number[]): Volume[] {
  const docs = revision.documents ?? [];
  const here = current
    ? docs.filter((d) => citedDocuments(current).has(d.doc_index))
    : docs.filter((d) => d.previous_doc_index !== undefined && previous.includes(d.previous_doc_index));
  return here.map((d) => {
    const parts = result.set?.documents.find((s) => s.doc_index === d.doc_index)?.parts ?? [];
    const numbered = parts.filter((p) => p.sheet_from !== null && p.sheet_to !== null).map((p) => ({ from: p.sheet_from!, to: p.sheet_to! }));
    return {
      label: d.cipher ?? `«${d.name}»`,
      status: d.status,
      sheets: numbered.length ? numbered : null,
      ...(d.sheets && { changes: d.sheets }),
      ...(d.norms && { norms: d.norms }),
    };
  });
}

/** What this revision shows of the sheets the answer names, one sentence per volume. */
function sheetLines(volumes: readonly Volume[], sheets: readonly string[]): string[] {
  if (!sheets.length) return [];
  const named = sheets.length === 1 ? `лист ${sheets[0]}` : `листы ${sheets.join(', ')}`;
  return volumes.map((v) => {
    if (v.status === 'unchanged') return `Том ${v.label} представлен тем же файлом, что в прошлом туре: ${named} не изменён${sheets.length > 1 ? 'ы' : ''}.`;
    if (v.changes && sheets.some((s) => sheetChange(v, s)))
      return `Том ${v.label} представлен в новой редакции: ${sheets.map((s) => `лист ${s} ${sheetChange(v, s) ? CHANGE_WORDS[sheetChange(v, s)!] : 'в ней не найден'}`).join('; ')}.`;
    const missing = v.sheets ? sheets.filter((s) => !v.sheets!.some((r) => Number.parseInt(s, 10) >= r.from && Number.parseInt(s, 10) <= r.to)) : [];
    const tail = !v.sheets ? 'номера листов в нём не прочитаны' : missing.length ? `листа ${missing.join(', ')} в нём нет` : `${named} в нём есть`;
    return `Том ${v.label} представлен в новой редакции; ${tail}.`;
  });
}

function answerLine(a: RoundAnswer | null): string {
  if (!a) return 'Ответа проектировщика на замечание нет.';
  const parts = [a.answer.trim() ? `«${a.answer.trim()}»` : 'без текста'];
  if (a.sheet.trim()) parts.push(`лист с исправлением: ${a.sheet.trim()}`);
  if (a.closed.trim()) parts.push(`отметка «${a.closed.trim()}»`);
  return `Ответ проектировщика: ${parts.join('; ')}.`;
}

interface Remark {
  previous: Pick<ResolvedFinding, 'finding_id' | 'n' | 'section' | 'topic' | 'essence'> & { doc_indexes?: number[] };
  current?: Finding;
  kind: 'persisting' | 'resolved' | 'not_resubmitted';
}

/** The previous round's remarks: those that persist (by this run's findings) and those listed resolved or not resubmitted. */
function remarksOf(result: PublishedResult, revision: PublishedRevision): Remark[] {
  const persisting = result.findings
    .filter((f) => f.revision?.status === 'persisting' && f.revision.previous_finding_id)
    .map(
      (f): Remark => ({
        previous: { finding_id: f.revision!.previous_finding_id!, n: f.revision!.previous_n ?? 0, section: f.section, topic: f.topic, essence: f.essence },
        current: f,
        kind: 'persisting',
      }),
    );
  const listed = (list: readonly ResolvedFinding[], kind: Remark['kind']) => list.map((r): Remark => ({ previous: r, kind }));
  return [...persisting, ...listed(revision.resolved, 'resolved'), ...listed(revision.not_resubmitted ?? [], 'not_resubmitted')].sort(
    (a, b) => a.previous.n - b.previous.n,
  );
}

function proposalOf(result: PublishedResult, revision: PublishedRevision, remark: Remark, answer: RoundAnswer | null): AnswerProposal {
  const { previous, current } = remark;
  const volumes = volumesOf(result, revision, current, previous.doc_indexes ?? []);
  const sheets = answer ? namedSheets(answer) : [];
  const claims = answer !== null && claimsCorrection(answer);
  // the norms the answer names, checked in the remark's volumes (an objection names norms to argue, not as corrected)
  const norms: NormCheck | null = answer && claims ? checkNamedNorms(answer.answer, volumes) : null;
  const reasons: string[] = [];
  let proposal: AnswerProposalState;
  if (remark.kind === 'not_resubmitted') {
    proposal = 'not_resubmitted';
    const cited = new Set(previous.doc_indexes ?? []);
    const dropped = (revision.dropped ?? []).filter((d) => cited.has(d.doc_index)).map((d) => d.cipher ?? `«${d.name}»`);
    reasons.push(
      `Том${dropped.length ? ` ${dropped.join(', ')}` : ''}, к которому относится замечание, в этом туре не представлен: проверить исправление нельзя.`,
    );
    reasons.push(answerLine(answer));
  } else if (remark.kind === 'resolved') {
    proposal = 'closed';
    reasons.push('В новой редакции замечание не найдено: сравнение по сути (проверка, норма, документ, лист) пары ему не нашло.');
    reasons.push(answerLine(answer));
    reasons.push(...sheetLines(volumes, sheets));
    const refuted = norms?.verdict === 'refuted';
    if (claims && !refuted && namedSheetChanged(volumes, sheets))
      reasons.push('Ответ подтверждается: названный лист изменён, замечание в новой редакции не найдено.');
    else if (claims && namedSheetsUnchanged(volumes, sheets))
      reasons.push('Ответ называет исправление, а названный лист не изменён: замечание снято исправлением в другом месте — проверьте.');
    reasons.push(...(norms?.lines ?? []));
    if (refuted) {
      proposal = 'not_closed';
      reasons.push('Замечание в новой редакции не найдено, но замена нормы, названная в ответе, в томе не выполнена: не снято — проверьте.');
    } else if (norms) reasons.push('Ответ подтверждается: норма, названная в ответе, заменена в томе, замечание в новой редакции не найдено.');
  } else {
    proposal = answer ? 'not_closed' : 'no_answer';
    reasons.push(`Замечание повторяется в новой редакции (№ ${current!.n} этой проверки).`);
    reasons.push(answerLine(answer));
    reasons.push(...sheetLines(volumes, sheets));
    if (claims && namedSheetChanged(volumes, sheets))
      reasons.push('Ответ заявляет исправление, но замечание не снято: названный лист изменён, а замечание в новой редакции осталось.');
    else if (claims && namedSheetsUnchanged(volumes, sheets))
      reasons.push('Ответ заявляет исправление, но замечание не снято: названный лист не изменён, замечание в новой редакции осталось.');
    else if (claims) reasons.push('Ответ заявляет исправление, но замечание не снято: в новой редакции оно осталось.');
    else if (answer) reasons.push('Исправления ответ не заявляет: оцените обоснование проектировщика — в новой редакции замечание осталось.');
    reasons.push(...(norms?.lines ?? []));
    if (norms?.verdict === 'refuted') reasons.push('Ответ заявляет замену нормы, но в томе она не выполнена: замечание не снято.');
    else if (norms)
      reasons.push('Норма, названная в ответе, в томе заменена, но замечание в новой редакции осталось: проверьте, устранено ли оно по существу.');
  }
  return {
    previous_finding_id: previous.finding_id,
    previous_n: previous.n,
    section: previous.section,
    topic: previous.topic,
    essence: previous.essence,
    finding_id: current?.finding_id ?? null,
    n: current?.n ?? null,
    decide_on: current?.finding_id ?? previous.finding_id,
    proposal,
    answer,
    reasons,
  };
}

/**
 * The answer review of a compared result, from the previous round's answers (by that round's finding ids); null
 * when the result was compared with none or the previous round has no answers.
 */
export function reviewAnswers(result: PublishedResult, answers: readonly UploadedAnswer[]): AnswerReview | null {
  const revision = result.revision;
  if (!revision || !answers.length) return null;
  const byId = new Map(answers.map((a) => [a.finding_id, a]));
  const proposals = remarksOf(result, revision).map((r) => {
    const a = byId.get(r.previous.finding_id);
    return proposalOf(result, revision, r, a ? { finding_id: a.finding_id, answer: a.answer, sheet: a.sheet, closed: a.closed } : null);
  });
  const counts: Record<AnswerProposalState, number> = { closed: 0, not_closed: 0, not_resubmitted: 0, no_answer: 0 };
  for (const p of proposals) counts[p.proposal]++;
  const uploaded = answers.map((a) => a.uploaded_at).sort();
  return { answers_uploaded_at: uploaded.at(-1) ?? null, counts, proposals };
}

/** The result with its answer review drawn from these answers (removed when there are none). */
export function withAnswerReview(result: PublishedResult, answers: readonly UploadedAnswer[]): PublishedResult {
  if (!result.revision) return result;
  const { answers: _stale, ...revision } = result.revision;
  const review = reviewAnswers(result, answers);
  return { ...result, revision: review ? { ...revision, answers: review } : revision };
}

/** What the specialist made of a proposal: confirmed, overridden (with the reason) or not yet decided. */
export interface ProposalOutcome<D extends Pick<Decision, 'decision'> = Decision> {
  /** The state the remark is in after the decision: the proposal's when confirmed or undecided, the opposite when overridden. */
  closed: boolean;
  decided: 'confirmed' | 'overridden' | null;
  decision?: D;
}

/**
 * The proposal after the specialist's standing decision on `decide_on`: accepted confirms it, rejected overrides it
 * (an overridden «снято» is «не снято», any other overridden proposal «снято»); a withdrawal leaves it undecided.
 */
export function proposalOutcome<D extends Pick<Decision, 'decision'>>(p: AnswerProposal, standing: D | undefined): ProposalOutcome<D> {
  const proposedClosed = p.proposal === 'closed';
  if (!standing || standing.decision === 'withdrawn') return { closed: proposedClosed, decided: null };
  if (standing.decision === 'accepted') return { closed: proposedClosed, decided: 'confirmed', decision: standing };
  return { closed: !proposedClosed, decided: 'overridden', decision: standing };
}

/**
 * The standing decisions on the proposals of a review, by decide_on — what a report drawn after the decisions says
 * beside each proposal (src/report/decided.ts); `standingOn` gives the decision standing on a finding id.
 */
export function proposalDecisions(review: AnswerReview | undefined, standingOn: (findingId: string) => Decision | undefined): ProposalDecision[] {
  const out: ProposalDecision[] = [];
  for (const p of review?.proposals ?? []) {
    const d = standingOn(p.decide_on);
    if (d && d.decision !== 'withdrawn') out.push({ decide_on: p.decide_on, decision: d.decision });
  }
  return out;
}

/** The proposals within a report's filter (their section or theme, as the findings are filtered). */
export function filterProposals(review: AnswerReview, filter: { section: string } | { theme: string } | undefined): AnswerProposal[] {
  if (!filter) return [...review.proposals];
  if ('section' in filter) return review.proposals.filter((p) => p.section === filter.section);
  return review.proposals.filter((p) => p.topic === filter.theme);
}

/** «снято — 2, не снято — 1, том не представлен повторно — 1, нет ответа — 0» of a list of proposals. */
export function proposalCounts(proposals: readonly AnswerProposal[]): string {
  return (Object.keys(PROPOSAL_LABELS) as AnswerProposalState[])
    .map((s) => `${PROPOSAL_LABELS[s]} — ${proposals.filter((p) => p.proposal === s).length}`)
    .join(', ');
}

/** One remark's proposal in one line: «№ 3 прошлого тура (№ 5 этой проверки) — не снято: …причины». */
export function proposalLine(p: AnswerProposal): string {
  const here = p.n !== null ? ` (№ ${p.n} этой проверки)` : '';
  return `№ ${p.previous_n} прошлого тура${here} — ${PROPOSAL_LABELS[p.proposal]}: ${p.essence} ${p.reasons.join(' ')}`;
}

/** «Специалист подтвердил: не снято.» — a decided proposal in a report, the state only (the reasons stay in the register). */
function decidedText(o: ProposalOutcome<ProposalDecision>): string {
  return `${o.decided === 'confirmed' ? 'Специалист подтвердил' : 'Специалист не согласился с предложением'}: ${o.closed ? 'снято' : 'не снято'}.`;
}

/**
 * The report's lines of the answer loop (the summary of the Markdown and the PDFs), within its filter; `decided` —
 * the specialist's standing decisions on the proposals, in reports drawn after them (none at publication).
 */
export function answerReviewLines(
  review: AnswerReview | undefined,
  filter: { section: string } | { theme: string } | undefined,
  decided: readonly ProposalDecision[] = [],
): string[] {
  if (!review) return [];
  const proposals = filterProposals(review, filter);
  const byId = new Map(decided.map((d) => [d.decide_on, d]));
  const count = proposals.filter((p) => byId.has(p.decide_on)).length;
  return [
    `Ответы проектировщика на замечания прошлого тура против новой редакции (предложения, решает специалист): ${proposalCounts(proposals)}` +
      `${count ? `; решено специалистом — ${count} из ${proposals.length}` : ''}.`,
    ...proposals.map((p) => {
      const d = byId.get(p.decide_on);
      return d ? `${proposalLine(p)} ${decidedText(proposalOutcome(p, d))}` : proposalLine(p);
    }),
  ];
}
