/**
 * The answer loop of a round, end to end: round 1 reviewed, the designer's register filled and brought back (one
 * answer claims a correction of a volume that comes back as the same file, one answers a remark whose volume does
 * not come back), round 2 uploaded into the bundle. Each remark of round 1 is proposed «снято», «не снято», «том
 * не представлен повторно» or «нет ответа» with its reasons — in /findings, the PDF and both registers — and the
 * specialist confirms or overrides the proposals through the decisions of round 2.
 */
import { after, before, describe, test } from 'node:test';
import { randomUUID } from 'node:crypto';
import assert from 'node:assert/strict';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { answerRegister } from '../feedback/designer-register.ts';
import { documentedBy, type AssertDocumented } from '../feedback/documented.ts';
import { roundsOfSet, publishedForm } from '../feedback/published-set.ts';
import { pdfText, zipEntries } from './inspect.ts';

describe('the answer loop: remarks, answers, the next revision, «снято» / «не снято»', () => {
  let server: InProcessServer;
  let api: Client;
  let assertDocumented: AssertDocumented;
  let first: { runId: string; result: any };
  let second: { runId: string; result: any };
  let pzNorm: any;
  let onKr: any;

  const published = (body: FormData) => publishedForm(api, body);

  before(async () => {
    server = await startApp({ worker: true });
    const org = await server.createOrg({ checks: 10 });
    api = new Client(server.baseUrl, org.api_key);
    assertDocumented = await documentedBy(server.baseUrl);
    const bundleId = (await api.post('/bundles', { label: 'Школа на 550 мест' })).json.bundle_id;
    const sets = await roundsOfSet();
    first = await published(sets.first({ bundle_id: bundleId }));
    pzNorm = first.result.findings.find((f: any) => f.check_id === 'norms.superseded' && f.page_refs.some((r: any) => r.kind === 'ПЗ'));
    onKr = first.result.findings.find((f: any) => f.page_refs.length && f.page_refs.every((r: any) => r.kind === 'КР'));
    assert.ok(pzNorm && onKr, 'a superseded norm in ПЗ and a remark on КР alone');

    // the designer answers two remarks in the register of round 1 and it comes back before round 2
    await answerRegister(api, first.runId, {
      [pzNorm.finding_id]: { answer: 'Ссылка заменена на СП 20.13330.2016', sheet: '2' },
      [onKr.finding_id]: { answer: 'Исправлено' },
    });
    second = await published(sets.second({ bundle_id: bundleId }));
  });
  after(() => server.stop());

  const proposalOf = (previousId: string) => second.result.revision.answers.proposals.find((p: any) => p.previous_finding_id === previousId);

  test('every remark of round 1 gets one proposal with its reasons, documented in openapi.json', async () => {
    const review = second.result.revision.answers;
    assert.ok(review, 'the previous round has answers: the review is published');
    assert.deepEqual(
      review.proposals.map((p: any) => p.previous_n),
      first.result.findings.map((f: any) => f.n).sort((a: number, b: number) => a - b),
    );
    for (const p of review.proposals) {
      assert.ok(p.reasons.length >= 2, `№ ${p.previous_n} says why`);
      const successor = second.result.findings.find((f: any) => f.revision?.previous_finding_id === p.previous_finding_id);
      assert.equal(p.finding_id, successor?.finding_id ?? null);
      assert.equal(p.decide_on, successor?.finding_id ?? p.previous_finding_id);
      if (successor) assert.ok(['not_closed', 'no_answer'].includes(p.proposal), `№ ${p.previous_n} persists: never «снято»`);
    }
    const counted = Object.values(review.counts).reduce((a: number, b: any) => a + b, 0);
    assert.equal(counted, review.proposals.length);
    assertDocumented('get', '/runs/{run_id}/findings', await api.get(`/runs/${second.runId}/findings`));
  });

  test('an answer claiming a correction of a volume that came back unchanged is «не снято», said plainly', () => {
    const p = proposalOf(pzNorm.finding_id);
    assert.equal(p.proposal, 'not_closed');
    const why = p.reasons.join(' ');
    assert.match(why, /Ответ проектировщика: «Ссылка заменена на СП 20\.13330\.2016»; лист с исправлением: 2/);
    assert.match(why, /представлен тем же файлом, что в прошлом туре: лист 2 не изменён/);
    assert.match(why, /Ответ заявляет исправление, но замечание не снято/);
  });

  test('a remark whose volume did not come back is «том не представлен повторно», whatever the answer says', () => {
    const p = proposalOf(onKr.finding_id);
    assert.equal(p.proposal, 'not_resubmitted');
    assert.match(p.reasons.join(' '), /24-017-КР.*в этом туре не представлен/);
    assert.match(p.reasons.join(' '), /«Исправлено»/);
    const unanswered = second.result.revision.answers.proposals.filter((x: any) => x.finding_id && !x.answer);
    for (const x of unanswered) assert.equal(x.proposal, 'no_answer');
  });

  test('the PDF drawn at publication carries the proposals and their reasons', async () => {
    const pdf = await api.get(`/runs/${second.runId}/report.pdf`);
    assert.equal(pdf.status, 200);
    const flat = (await pdfText(pdf.bytes)).replace(/\s+/g, ' ');
    assert.match(flat, /Ответы проектировщика на замечания прошлого тура против новой редакции/);
    assert.match(flat, new RegExp(`№ ${pzNorm.n} прошлого тура \\(№ \\d+ этой проверки\\) — не снято`));
    assert.match(flat, new RegExp(`№ ${onKr.n} прошлого тура — том не представлен повторно`));
    assert.doesNotMatch(flat, /Специалист подтвердил|Специалист не согласился|решено специалистом/, 'nothing decided yet');
  });

  test('the specialist confirms one proposal and overrides another through the decisions; the registers say so', async () => {
    const pz = proposalOf(pzNorm.finding_id);
    const kr = proposalOf(onKr.finding_id);
    const decide = (finding_id: string, decision: string, reason: string) =>
      api.post(`/runs/${second.runId}/feedback`, {
        snapshot: second.result.feedback_snapshot,
        finding_id,
        decision,
        reason,
        version: 0,
        request_key: randomUUID(),
      });
    const confirmed = await decide(pz.decide_on, 'accepted', 'Ссылка осталась');
    assert.equal(confirmed.status, 201, confirmed.text);
    // a remark of round 1 that does not persist is decided in round 2 by its own id, as revision lists it
    const overridden = await decide(kr.decide_on, 'rejected', 'Том КР передан отдельным письмом, замечание снято');
    assert.equal(overridden.status, 201, overridden.text);
    assert.equal((await decide(randomUUID(), 'accepted', '')).status, 404, 'an id neither of this run nor listed by its comparison');

    const texts = async (format: string, variant: string) => {
      const r = await api.get(`/runs/${second.runId}/register.${format}?variant=${variant}`);
      assert.equal(r.status, 200, r.text);
      return (await zipEntries(r.bytes))
        .filter((e) => /word\/document\.xml|xl\/sharedStrings\.xml|xl\/worksheets\/.*\.xml/.test(e.name))
        .map((e) => e.data.toString('utf8'))
        .join(' ');
    };
    for (const format of ['xlsx', 'docx']) {
      const specialist = await texts(format, 'specialist');
      assert.match(specialist, /Ответы проектировщика на замечания прошлого тура против новой редакции: снято — \d+, не снято — \d+/, format);
      assert.match(specialist, /Подтверждено/, format);
      assert.match(specialist, /Специалист: снято — Том КР передан отдельным письмом, замечание снято/, format);
      const designer = await texts(format, 'designer');
      assert.match(designer, new RegExp(`№ ${onKr.n} прошлого тура — том не представлен повторно:[^<]*Снято`), format);
      assert.doesNotMatch(designer, /передан отдельным письмом/, `${format}: the designer's copy says the state, never the specialist's reason`);
    }
    // the reports drawn after the decisions: each decided proposal says what the specialist made of it
    const pdf = await api.get(`/runs/${second.runId}/report.pdf`);
    assert.equal(pdf.status, 200, pdf.text);
    const flat = (await pdfText(pdf.bytes)).replace(/\s+/g, ' ');
    assert.match(flat, /решено специалистом — 2 из \d+/);
    assert.match(flat, new RegExp(`№ ${pzNorm.n} прошлого тура \\(№ \\d+ этой проверки\\) — не снято:.*?Специалист подтвердил: не снято\\.`));
    assert.match(flat, new RegExp(`№ ${onKr.n} прошлого тура — том не представлен повторно:.*?Специалист не согласился с предложением: снято\\.`));
    const markdown = await api.get(`/runs/${second.runId}/report`);
    assert.match(markdown.text, /Специалист подтвердил: не снято\./);
    // a withdrawal of the confirmation: that proposal is undecided again in the next report, the override stays
    const history = (await api.get(`/runs/${second.runId}/feedback`)).json.history;
    const mine = history.find((d: any) => d.finding_id === pz.decide_on);
    const withdrawn = await api.post(`/runs/${second.runId}/feedback`, {
      snapshot: second.result.feedback_snapshot,
      finding_id: pz.decide_on,
      decision: 'withdrawn',
      reason: '',
      version: mine.version,
      request_key: randomUUID(),
    });
    assert.equal(withdrawn.status, 201, withdrawn.text);
    const after = (await api.get(`/runs/${second.runId}/report`)).text;
    assert.doesNotMatch(after, /Специалист подтвердил/);
    assert.match(after, /решено специалистом — 1 из \d+/);
    assert.match(after, /Специалист не согласился с предложением: снято\./);

    // the next round's register, with the proposals in it, goes back to the designer and comes back again
    const again = await answerRegister(api, second.runId, {});
    assert.ok(
      again.answered.some((a: any) => /^Предложено: не снято$|^Не снято/.test(a.closed)),
      JSON.stringify(again.answered),
    );
  });
});
