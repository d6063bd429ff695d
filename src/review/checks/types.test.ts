import assert from 'node:assert/strict';
import test from 'node:test';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { defineCheck, type FindingDraft } from './types.ts';

const pz = docFacts(1, '24-017-ПЗ.pdf', 'ПЗ', ['Пояснительная записка']);
const ar = docFacts(2, '24-017-АР.pdf', 'АР', ['Архитектурные решения']);
const gpzu = docFacts(3, 'ГПЗУ.pdf', null, ['Градостроительный план'], { role: 'context' });

const draft = (over: Partial<FindingDraft> = {}): FindingDraft => ({
  about: pz,
  essence: 'e',
  evidence: 'ev',
  action: 'a',
  places: [{ doc: pz, page: 1 }],
  ...over,
});

/** A check reporting exactly the drafts (and the question) it is given. */
const probe = (drafts: FindingDraft[], extra: Partial<Parameters<typeof defineCheck>[0]> = {}) =>
  defineCheck({
    id: 'probe.check',
    theme: 'norms',
    importance: 'significant',
    title: 'Проба',
    ...extra,
    find(_ctx, report) {
      for (const d of drafts) report(d);
      report.question({ section: 'ОБЩ', text: 'q', reason: 'r', places: [] });
      report.warning({ code: 'w', message: 'm' });
      report.referenceProblem({ reference: 'лист 9', problem: 'нет', doc_index: 1, page: 1 });
    },
  });

test("the reporter fills in the check's id, theme and importance; a draft may set its own importance", () => {
  const out = probe([draft(), draft({ importance: 'minor' })]).run(context([pz, ar]));
  assert.deepEqual(
    out.findings!.map((f) => [f.checkId, f.theme, f.importance]),
    [
      ['probe.check', 'norms', 'significant'],
      ['probe.check', 'norms', 'minor'],
    ],
  );
  assert.equal(out.questions!.length, 1);
  assert.equal(out.warnings![0]!.code, 'w');
  assert.equal(out.referenceProblems![0]!.reference, 'лист 9');
});

test('a finding about a context document goes to the review document it is held against, leading with its places, or nowhere', () => {
  const moved = draft({
    about: gpzu,
    against: ar,
    places: [
      { doc: gpzu, page: 2 },
      { doc: ar, page: 5 },
    ],
  });
  const dropped = draft({ about: gpzu, places: [{ doc: gpzu, page: 1 }] });
  const [f, ...rest] = probe([moved, dropped]).run(context([pz, ar, gpzu])).findings!;
  assert.equal(rest.length, 0);
  assert.equal(f!.about, ar);
  assert.deepEqual(
    f!.places.map((p) => [p.doc.doc.index, p.page]),
    [
      [2, 5],
      [3, 2],
    ],
  );
});

test('a finding of absence is at most significant on a partial upload, and keeps its importance on a complete set', () => {
  const absent = draft({ importance: 'critical', absence: true });
  const partial = context([pz, ar], {}, { completeness: { kind: 'partial', basis: 'загружены два тома', absent: ['КР'] } });
  assert.equal(probe([absent]).run(partial).findings![0]!.importance, 'significant');
  const complete = context([pz, ar], {}, { completeness: { kind: 'complete', basis: 'все разделы', absent: [] } });
  assert.equal(probe([absent]).run(complete).findings![0]!.importance, 'critical');
  // a finding that is not about absence is not touched by the rule
  assert.equal(probe([draft({ importance: 'critical' })]).run(partial).findings![0]!.importance, 'critical');
});

test('a check runs only when the set holds what it needs, and its declared basis goes with every finding', () => {
  const needy = probe([draft()], { needs: ['xml_note'] });
  assert.deepEqual(needy.run(context([pz, ar])), {});
  const asking = probe([draft()], { needs: ['user_request'] });
  assert.deepEqual(asking.run(context([pz], { userRequest: '  ' })), {});
  assert.equal(asking.run(context([pz], { userRequest: 'Проверьте КР' })).findings!.length, 1);
  const based = probe([draft()], { basis: { type: 'profile', title: 'Профиль разделов организации' } });
  assert.deepEqual(based.run(context([pz])).findings![0]!.basis, { type: 'profile', title: 'Профиль разделов организации' });
});
