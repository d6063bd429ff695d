import { test } from 'node:test';
import assert from 'node:assert/strict';
import { docFacts } from '../../test/review/facts-builder.ts';
import type { DraftFinding } from './checks/types.ts';
import type { StampFacts } from './facts/types.ts';
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
  // neither a cipher nor a sheet read: the place by the service's numbers
  const unnamed = docFacts(3, 'Конструктивные решения.pdf', 'КР', ['a', 'b']);
  assert.deepEqual(pageRef({ doc: unnamed, page: 2 }), {
    page: 301,
    in_docset: true,
    kind: 'КР',
    doc_index: 3,
    doc_page: 2,
    label: 'стр. 301 (док. 3 «Конструктивные решения.pdf», с. 2)',
  });
  // the cipher the review took for the document (here from its file name)
  assert.equal(pageRef({ doc: kr, page: 2 }).label, 'с. 2 тома 24-017-КР (стр. 301)');
  const [f] = finalizeFindings([draft(kr, 'minor', 2, 'x')], () => 0);
  assert.deepEqual(f!.pages, [301]);
  assert.deepEqual(f!.sources[0], { type: 'document', title: '24-017-КР.pdf (КР)', doc_index: 3, page: 301 });
});

test('a page reference as a specialist writes it: the sheet of its title block and the cipher, keeping the running page', () => {
  const stamp = (docPage: number, sheet: number | null, extra: Partial<StampFacts> = {}): StampFacts => ({
    docPage,
    sheet,
    sheets: null,
    roles: { 'Разраб.': 'absent', 'Пров.': 'absent', 'Н. контр.': 'absent', ГИП: 'absent' },
    hasRoleRows: false,
    cipher: null,
    changePermission: false,
    ...extra,
  });
  const cipher = { cipher: '123-ИОС1.2', base: '123', mark: 'ИОС1.2', section: 'ИОС1' };
  const ios = { ...docFacts(4, 'Том 5.1.2.pdf', 'ИОС1', ['a', 'b', 'c', 'd', 'e']), cipher };
  ios.stamps = [stamp(2, 1), stamp(3, 3, { sheetInsert: 1 }), stamp(4, 4, { cipher: '123-ИОС1.2.1' }), stamp(5, 5, { changePermission: true })];
  const ref = pageRef({ doc: ios, page: 2 });
  assert.equal(ref.label, 'лист 1 тома 123-ИОС1.2 (стр. 401)');
  assert.deepEqual([ref.page, ref.doc_index, ref.doc_page, ref.sheet, ref.cipher], [401, 4, 2, '1', '123-ИОС1.2']);
  assert.equal(pageRef({ doc: ios, page: 3 }).label, 'лист 3.1 тома 123-ИОС1.2 (стр. 402)', 'an inserted sheet');
  assert.equal(pageRef({ doc: ios, page: 4 }).label, 'лист 4 тома 123-ИОС1.2.1 (стр. 403)', 'the cipher printed on the sheet itself');
  const unnumbered = pageRef({ doc: ios, page: 1 });
  assert.equal(unnumbered.label, 'с. 1 тома 123-ИОС1.2 (стр. 400)', 'a title page: no sheet');
  assert.equal(unnumbered.sheet, undefined);
  assert.equal(pageRef({ doc: ios, page: 5 }).sheet, undefined, 'a change permission is not a sheet of the volume');
  const uncoded = { ...ios, cipher: null, stamps: [stamp(2, 7)] };
  const sheetOnly = pageRef({ doc: uncoded, page: 2 });
  assert.equal(sheetOnly.label, 'лист 7 (стр. 401, док. 4 «Том 5.1.2.pdf»)');
  assert.equal(sheetOnly.cipher, undefined);
  assert.ok(!('cipher' in sheetOnly), 'an unknown cipher is left out, not null');
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
