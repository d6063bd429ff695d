import { test } from 'node:test';
import assert from 'node:assert/strict';
import { docFacts } from '../../test/review/facts-builder.ts';
import type { DraftFinding } from './checks/types.ts';
import { finalizeFindings, finalizeQuestions, pageRef } from './finalize.ts';

const kr = docFacts(3, '24-017-КР.pdf', 'КР', ['a', 'b']);
const ar = docFacts(2, '24-017-АР.pdf', 'АР', ['a', 'b', 'c']);
const draft = (about: typeof kr | null, importance: DraftFinding['importance'], page: number, essence: string): DraftFinding => ({
  checkId: 'x',
  importance,
  theme: 'norms',
  about,
  essence,
  evidence: 'e',
  action: 'a',
  places: about ? [{ doc: about, page }] : [],
});

test('findings are numbered in report order: set-level, then sections by the reference, importance, page', () => {
  const out = finalizeFindings(
    [
      draft(kr, 'minor', 1, 'k-minor'),
      draft(kr, 'critical', 2, 'k-critical'),
      draft(ar, 'significant', 3, 'a-p3'),
      draft(ar, 'significant', 1, 'a-p1'),
      draft(null, 'critical', 0, 'set'),
    ],
    () => 0,
  );
  assert.deepEqual(
    out.map((f) => [f.n, f.section, f.essence]),
    [
      [1, 'ОБЩ', 'set'],
      [2, 'АР', 'a-p1'],
      [3, 'АР', 'a-p3'],
      [4, 'КР', 'k-critical'],
      [5, 'КР', 'k-minor'],
    ],
  );
  assert.ok(out.every((f) => /^[0-9a-f-]{36}$/.test(f.finding_id) && f.status === 'open'));
  assert.equal(new Set(out.map((f) => f.finding_id)).size, 5);
});

test('page references carry the running page and a Russian caption', () => {
  assert.deepEqual(pageRef({ doc: kr, page: 2 }), {
    page: 301,
    in_docset: true,
    kind: 'КР',
    doc_index: 3,
    doc_page: 2,
    label: 'стр. 301 (док. 3 «24-017-КР.pdf», с. 2)',
  });
  const [f] = finalizeFindings([draft(kr, 'minor', 2, 'x')], () => 0);
  assert.deepEqual(f!.pages, [301]);
  assert.deepEqual(f!.sources[0], { type: 'document', title: '24-017-КР.pdf (КР)', doc_index: 3, page: 301 });
});

test('questions are numbered from 1 with their own identifiers', () => {
  const q = finalizeQuestions([
    { section: 'КР', text: 't', reason: 'r', places: [] },
    { section: 'ОБЩ', text: 't2', reason: 'r2', places: [{ doc: ar, page: 1 }] },
  ]);
  assert.deepEqual(
    q.map((x) => [x.n, x.pages]),
    [
      [1, []],
      [2, [200]],
    ],
  );
  assert.notEqual(q[0]!.question_id, q[1]!.question_id);
});
