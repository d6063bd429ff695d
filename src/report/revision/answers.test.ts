import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Decision } from '../../kernel/model/feedback.ts';
import type { Finding, PageRef, PublishedResult, PublishedSetDocument, RevisionNormCitation } from '../../kernel/result.ts';
import { claimsCorrection, namedSheets, proposalOutcome, reviewAnswers, withAnswerReview, type UploadedAnswer } from './answers.ts';
import { revisionOf } from './match.ts';

let ids = 0;
const ref = (doc: number, kind: string, sheet?: string): PageRef => ({
  page: doc * 10 + 2,
  in_docset: true,
  kind,
  doc_index: doc,
  doc_page: 2,
  label: `стр. ${doc * 10 + 2}`,
  ...(sheet && { sheet }),
});
function finding(n: number, section: string, doc: number, essence: string): Finding {
  return {
    n,
    finding_id: `f-${++ids}`,
    status: 'open',
    importance: 'significant',
    section,
    essence,
    evidence_text: '',
    action: '',
    pages: [],
    page_refs: [ref(doc, section, '2')],
    sources: [],
    topic: 'norms',
    check_id: 'norms.superseded',
  };
}
const volume = (doc_index: number, code: string, sheets: [number, number] | null): PublishedSetDocument => ({
  doc_index,
  type: 'pd_section',
  code,
  stage: 'П',
  evidence: '',
  parts: [
    {
      kind: 'text',
      cue: 'start',
      cipher: `24-017-${code}`,
      page_from: 1,
      page_to: 4,
      sheet_from: sheets?.[0] ?? null,
      sheet_to: sheets?.[1] ?? null,
      sheets_declared: null,
      form: 5,
      numbering: sheets ? 1 : null,
    },
  ],
});

/**
 * Round 1: ПЗ (doc 0), АР (doc 1), КР (doc 2). Round 2: the same ПЗ file, АР corrected (sheets 1–4), КР dropped.
 * Remarks: 1 on ПЗ persists, 2 on АР persists, 3 on АР is gone, 4 on КР whose volume did not come back.
 */
function rounds() {
  const before = [
    finding(1, 'ПЗ', 0, 'Ссылка на отменённый СНиП 2.01.07-85* в ПЗ'),
    finding(2, 'АР', 1, 'Ссылка на отменённый СНиП 2.01.07-85* в АР'),
    finding(3, 'АР', 1, 'Адрес объекта в АР расходится с ПЗ'),
    finding(4, 'КР', 2, 'Ссылка на отменённый СНиП 52-01-2003 в КР'),
  ];
  const now = [finding(1, 'ПЗ', 0, before[0]!.essence), finding(2, 'АР', 1, before[1]!.essence)];
  const match = {
    persisting: new Map([
      [now[0]!.finding_id, before[0]!],
      [now[1]!.finding_id, before[1]!],
    ]),
    resolved: [before[2]!, before[3]!],
  };
  const documents = {
    documents: [
      {
        doc_index: 0,
        name: '24-017-ПЗ.pdf',
        section: 'ПЗ',
        cipher: '24-017-ПЗ',
        status: 'unchanged' as const,
        matched_by: 'content' as const,
        previous_doc_index: 0,
        previous_name: '24-017-ПЗ.pdf',
      },
      {
        doc_index: 1,
        name: '24-017-АР изм1.pdf',
        section: 'АР',
        cipher: '24-017-АР',
        status: 'corrected' as const,
        matched_by: 'cipher' as const,
        previous_doc_index: 1,
        previous_name: '24-017-АР.pdf',
      },
    ],
    dropped: [{ doc_index: 2, name: '24-017-КР.pdf', section: 'КР', cipher: '24-017-КР' }],
    previous: new Map([
      [0, 0],
      [1, 1],
    ]),
  };
  const { findings, revision } = revisionOf(now, match, { runId: 'prev', publishedAt: '2026-11-30T10:00:00Z' }, documents);
  const result = {
    findings,
    revision,
    set: { documents: [volume(0, 'ПЗ', [1, 4]), volume(1, 'АР', [1, 4])] },
  } as unknown as PublishedResult;
  return { before, now: findings, result };
}
const answer = (finding_id: string, text: string, sheet = '', closed = ''): UploadedAnswer => ({
  finding_id,
  answer: text,
  sheet,
  closed,
  uploaded_at: '2026-12-01T08:00:00Z',
});

test('no answers of the previous round, or no comparison: no review', () => {
  const { result } = rounds();
  assert.equal(reviewAnswers(result, []), null);
  assert.equal(reviewAnswers({ ...result, revision: undefined }, [answer('x', 'исправлено')]), null);
  assert.equal(withAnswerReview(result, []).revision?.answers, undefined);
});

test('each earlier remark proposed: persisting with a claimed correction «не снято», gone «снято», dropped volume, no answer', () => {
  const { before, now, result } = rounds();
  const review = reviewAnswers(result, [
    answer(before[1]!.finding_id, 'Ссылка заменена на СП 20.13330.2016', '2'),
    answer(before[2]!.finding_id, 'Адрес исправлен', '1'),
    answer(before[3]!.finding_id, 'Исправлено в новой редакции КР', '2'),
  ])!;
  assert.deepEqual(
    review.proposals.map((p) => [p.previous_n, p.proposal, p.decide_on]),
    [
      [1, 'no_answer', now[0]!.finding_id],
      [2, 'not_closed', now[1]!.finding_id],
      [3, 'closed', before[2]!.finding_id],
      [4, 'not_resubmitted', before[3]!.finding_id],
    ],
  );
  assert.deepEqual(review.counts, { closed: 1, not_closed: 1, not_resubmitted: 1, no_answer: 1 });
  const [none, persists, gone, dropped] = review.proposals;
  assert.match(none!.reasons.join(' '), /повторяется в новой редакции \(№ 1 этой проверки\).*Ответа проектировщика на замечание нет/);
  // said plainly: the answer claims a correction the revision does not show
  assert.match(persists!.reasons.join(' '), /Ответ заявляет исправление, но замечание не снято/);
  assert.match(persists!.reasons.join(' '), /Том 24-017-АР представлен в новой редакции; лист 2 в нём есть/);
  assert.match(gone!.reasons.join(' '), /не найдено.*«Адрес исправлен»; лист с исправлением: 1/);
  assert.match(dropped!.reasons.join(' '), /Том 24-017-КР, к которому относится замечание, в этом туре не представлен/);
  assert.equal(review.answers_uploaded_at, '2026-12-01T08:00:00Z');
});

test('the sheet an answer names: the same file means the sheet did not change; a sheet the new edition lacks is said', () => {
  const { before, result } = rounds();
  const review = reviewAnswers(result, [answer(before[0]!.finding_id, 'Исправлено', '2'), answer(before[1]!.finding_id, 'Исправлено на листе 7')])!;
  assert.match(review.proposals[0]!.reasons.join(' '), /Том 24-017-ПЗ представлен тем же файлом, что в прошлом туре: лист 2 не изменён/);
  assert.equal(review.proposals[0]!.proposal, 'not_closed');
  assert.match(review.proposals[1]!.reasons.join(' '), /листа 7 в нём нет/);
});

test('an answer that disagrees is not taken for a correction', () => {
  const { before, result } = rounds();
  const review = reviewAnswers(result, [answer(before[1]!.finding_id, 'Не согласны: ссылка справочная')])!;
  const p = review.proposals.find((x) => x.previous_n === 2)!;
  assert.equal(p.proposal, 'not_closed');
  assert.match(p.reasons.join(' '), /Исправления ответ не заявляет: оцените обоснование/);
  assert.doesNotMatch(p.reasons.join(' '), /заявляет исправление, но/);
});

test('what an answer claims and which sheets it names', () => {
  assert.equal(claimsCorrection({ finding_id: '', answer: 'Ссылка заменена', sheet: '', closed: '' }), true);
  assert.equal(claimsCorrection({ finding_id: '', answer: 'Не согласны, изменения не требуются', sheet: '', closed: '' }), false);
  assert.equal(claimsCorrection({ finding_id: '', answer: '', sheet: '3', closed: '' }), true);
  assert.equal(claimsCorrection({ finding_id: '', answer: 'Пояснение', sheet: '', closed: '' }), false);
  assert.deepEqual(namedSheets({ finding_id: '', answer: '', sheet: 'л. 3, 5.1', closed: '' }), ['3', '5.1']);
  assert.deepEqual(namedSheets({ finding_id: '', answer: 'Исправлено на листах 4 и 6', sheet: '', closed: '' }), ['4', '6']);
  assert.deepEqual(namedSheets({ finding_id: '', answer: 'Исправлено', sheet: '', closed: '' }), []);
});

test('the specialist confirms a proposal by accepting it and overrides it by rejecting it', () => {
  const { before, result } = rounds();
  const review = reviewAnswers(result, [answer(before[2]!.finding_id, 'Адрес исправлен')])!;
  const closed = review.proposals.find((p) => p.proposal === 'closed')!;
  const notClosed = review.proposals.find((p) => p.proposal === 'no_answer')!;
  const decision = (kind: Decision['decision']): Decision =>
    ({ id: 'd', findingId: closed.decide_on, decision: kind, reason: 'Адрес на листе 1 прежний', createdAt: '2026-12-01T09:00:00Z' }) as Decision;
  assert.deepEqual(proposalOutcome(closed, undefined), { closed: true, decided: null });
  assert.equal(proposalOutcome(closed, decision('accepted')).decided, 'confirmed');
  assert.equal(proposalOutcome(closed, decision('accepted')).closed, true);
  assert.equal(proposalOutcome(closed, decision('rejected')).closed, false, 'an overridden «снято» is «не снято»');
  assert.equal(proposalOutcome(notClosed, decision('rejected')).closed, true, 'an overridden «нет ответа» is «снято»');
  assert.equal(proposalOutcome(closed, decision('withdrawn')).decided, null);
});

test("a corrected volume's sheets compared: a named sheet changed confirms the answer, one unchanged is said plainly", () => {
  const { before, result } = rounds();
  const ar = result.revision!.documents!.find((d) => d.doc_index === 1)!;
  ar.sheets = { changed: ['2'], unchanged: ['1', '3'], added: ['3.1'], removed: [] };
  const review = reviewAnswers(result, [answer(before[1]!.finding_id, 'Ссылка исправлена', '3'), answer(before[2]!.finding_id, 'Адрес исправлен', '2')])!;
  const persists = review.proposals.find((p) => p.previous_n === 2)!;
  const gone = review.proposals.find((p) => p.previous_n === 3)!;
  assert.equal(persists.proposal, 'not_closed');
  assert.match(persists.reasons.join(' '), /лист 3 не изменён \(текст тот же, что в прошлой редакции\)/);
  assert.match(persists.reasons.join(' '), /названный лист не изменён, замечание в новой редакции осталось/);
  assert.equal(gone.proposal, 'closed');
  assert.match(gone.reasons.join(' '), /Том 24-017-АР представлен в новой редакции: лист 2 изменён\./);
  assert.match(gone.reasons.join(' '), /Ответ подтверждается: названный лист изменён/);
  const inserted = reviewAnswers(result, [answer(before[1]!.finding_id, 'Добавлен лист', '3.1')])!.proposals.find((p) => p.previous_n === 2)!;
  assert.match(inserted.reasons.join(' '), /лист 3\.1 добавлен/);
  assert.match(inserted.reasons.join(' '), /названный лист изменён, а замечание в новой редакции осталось/);
});

/** The АР of round 2 read again: what it cites (СП 30.13330.2020 on sheet 2), and СНиП 2.04.01-85 cited only in round 1. */
function withArNorms(result: PublishedResult, cited: RevisionNormCitation[]) {
  const ar = result.revision!.documents!.find((d) => d.doc_index === 1)!;
  ar.norms = { cited, dropped: [{ designation: 'СНИП 2.04.01-85', key: 'СНИП 2.04.01', year: 1985 }], replacements: [] };
}
const SP30: RevisionNormCitation = { designation: 'СП 30.13330.2020', key: 'СП 30.13330', year: 2020, places: [{ page: 3, sheet: '2' }] };
const SNIP: RevisionNormCitation = { designation: 'СНИП 2.04.01-85', key: 'СНИП 2.04.01', year: 1985, places: [{ page: 5, sheet: '4' }, { page: 7 }] };
const REPLACED = 'Ссылка на СНиП 2.04.01-85* заменена на СП 30.13330.2020';

test('an answer naming a replaced norm: the old one gone and the new one cited in the volume — «снято», where it is cited', () => {
  const { before, result } = rounds();
  withArNorms(result, [SP30]);
  const gone = reviewAnswers(result, [answer(before[2]!.finding_id, REPLACED)])!.proposals.find((p) => p.previous_n === 3)!;
  assert.equal(gone.proposal, 'closed');
  const why = gone.reasons.join(' ');
  assert.match(why, /СНиП 2\.04\.01-85\* в томе 24-017-АР больше не приводится\./);
  assert.match(why, /СП 30\.13330\.2020 приводится в томе 24-017-АР: лист 2 \(с\. 3\)\./);
  assert.match(why, /Ответ подтверждается: норма, названная в ответе, заменена в томе/);
});

test('an answer naming a replaced norm still cited: «не снято», naming the pages where the old one stands', () => {
  const { before, result } = rounds();
  withArNorms(result, [SP30, SNIP]);
  const review = reviewAnswers(result, [answer(before[2]!.finding_id, REPLACED), answer(before[1]!.finding_id, 'СНиП 2.04.01-85* исключён')])!;
  const gone = review.proposals.find((p) => p.previous_n === 3)!;
  assert.equal(gone.proposal, 'not_closed', 'the remark is not found, but the answer is refuted by the volume');
  assert.match(gone.reasons.join(' '), /СНиП 2\.04\.01-85\* в томе 24-017-АР по-прежнему приводится: лист 4 \(с\. 5\), с\. 7\./);
  assert.match(gone.reasons.join(' '), /замена нормы, названная в ответе, в томе не выполнена/);
  assert.equal(review.counts.not_closed, 2);
  const persists = review.proposals.find((p) => p.previous_n === 2)!;
  assert.equal(persists.proposal, 'not_closed');
  assert.match(persists.reasons.join(' '), /по-прежнему приводится: лист 4 \(с\. 5\)/);
  assert.match(persists.reasons.join(' '), /Ответ заявляет замену нормы, но в томе она не выполнена/);
});

test('a new norm the answer names that the volume does not cite: «не снято», said so', () => {
  const { before, result } = rounds();
  withArNorms(result, []);
  // known as what the registry gives for the superseded СНиП, though the new edition cites it nowhere
  result.revision!.documents![1]!.norms!.replacements.push({ designation: 'СП 30.13330.2020', key: 'СП 30.13330', year: 2020 });
  const gone = reviewAnswers(result, [answer(before[2]!.finding_id, REPLACED)])!.proposals.find((p) => p.previous_n === 3)!;
  assert.equal(gone.proposal, 'not_closed');
  assert.match(gone.reasons.join(' '), /СП 30\.13330\.2020 в томе 24-017-АР не приводится\./);
});

test('a norm not recognised, or a volume whose norms were not read: the proposal as before', () => {
  const { before, result } = rounds();
  const plain = reviewAnswers(result, [answer(before[2]!.finding_id, REPLACED)])!.proposals.find((p) => p.previous_n === 3)!;
  withArNorms(result, [SP30]);
  const other = reviewAnswers(result, [answer(before[2]!.finding_id, 'Ссылка заменена на ГОСТ 21.101-2020')])!.proposals.find((p) => p.previous_n === 3)!;
  const again = rounds();
  const unread = reviewAnswers(again.result, [answer(again.before[2]!.finding_id, 'Ссылка заменена на ГОСТ 21.101-2020')])!.proposals.find(
    (p) => p.previous_n === 3,
  )!;
  assert.equal(plain.proposal, 'closed');
  assert.doesNotMatch(plain.reasons.join(' '), /приводится/);
  assert.deepEqual([other.proposal, other.reasons], [unread.proposal, unread.reasons], 'a norm neither edition knows changes nothing');
  // an objection naming norms is not a replacement to check
  const objection = reviewAnswers(result, [answer(before[2]!.finding_id, 'Не согласны: СНиП 2.04.01-85* приведён справочно')])!.proposals.find(
    (p) => p.previous_n === 3,
  )!;
  assert.doesNotMatch(objection.reasons.join(' '), /приводится/);
});
