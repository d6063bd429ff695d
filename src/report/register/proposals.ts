/**
 * The answer loop in the register of the next round: the «Снято / не снято» cell of a persisting remark and the
 * block under the table listing every remark of the previous round with what is proposed for it, why, and what the
 * specialist made of it. The designer's copy says the state only (never the specialist's reasons); the specialist's
 * says who confirmed or overrode the proposal and why.
 */
import type { Decision } from '../../kernel/model/feedback.ts';
import type { AnswerProposal, AnswerReview } from '../../kernel/result.ts';
import { formatDateTime } from '../labels.ts';
import { filterProposals, PROPOSAL_LABELS, proposalCounts, proposalLine, proposalOutcome } from '../revision/answers.ts';
import type { ReportFilter } from '../types.ts';

type Variant = 'designer' | 'specialist';
interface Authors {
  authors: ReadonlyMap<string, string>;
  timeZone?: string;
}

/** «Снято», «Не снято (нет ответа)»: the state a remark is in, with the proposal's own words where they say more. */
function stateText(p: AnswerProposal, closed: boolean, overridden: boolean): string {
  if (closed) return 'Снято';
  const why = !overridden && (p.proposal === 'not_resubmitted' || p.proposal === 'no_answer') ? ` (${PROPOSAL_LABELS[p.proposal]})` : '';
  return `Не снято${why}`;
}

function byWhom(d: Decision, ctx: Authors): string {
  return `${d.employeeId ?? ctx.authors.get(d.actor) ?? 'ключ без имени'}, ${formatDateTime(d.createdAt, ctx.timeZone)}`;
}

/** What the specialist made of a proposal, in the specialist's words. */
function outcomeText(p: AnswerProposal, standing: Decision | undefined, variant: Variant, ctx?: Authors): string {
  const outcome = proposalOutcome(p, standing);
  if (variant === 'designer')
    return outcome.decided ? stateText(p, outcome.closed, outcome.decided === 'overridden') : `Предложено: ${PROPOSAL_LABELS[p.proposal]}`;
  const proposed = `Предложено: ${PROPOSAL_LABELS[p.proposal]}`;
  if (!outcome.decided || !outcome.decision) return `${proposed}\nЖдёт решения специалиста`;
  const who = ctx ? ` (${byWhom(outcome.decision, ctx)})` : '';
  if (outcome.decided === 'confirmed') return `${proposed}\nПодтверждено${outcome.decision.carriedFrom ? ' (решение перенесено из прошлого тура)' : ''}${who}`;
  const reason = outcome.decision.reason.trim();
  return `${proposed}\nСпециалист: ${outcome.closed ? 'снято' : 'не снято'}${reason ? ` — ${reason}` : ''}${who}`;
}

/** The «Снято / не снято» cell of a row whose remark has a proposal; `standing` is the decision standing on it. */
export function proposalCell(p: AnswerProposal, standing: Decision | undefined, variant: Variant): string {
  return outcomeText(p, standing, variant);
}

/** The block under the table: every remark of the previous round (within the filter) with its proposal and outcome. */
export function answerNotes(
  review: AnswerReview | undefined,
  filter: ReportFilter | undefined,
  standingOn: (findingId: string) => Decision | undefined,
  variant: Variant,
  ctx: Authors,
): { title: string; lines: string[] }[] {
  if (!review) return [];
  const proposals = filterProposals(review, filter);
  return [
    {
      title: `Ответы проектировщика на замечания прошлого тура против новой редакции: ${proposalCounts(proposals)}`,
      lines: proposals.map((p) => `${proposalLine(p)} ${outcomeText(p, standingOn(p.decide_on), variant, ctx).replace(/\n/g, '; ')}.`),
    },
  ];
}
