import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Finding, Question, ReviewOutcome } from '../../src/kernel/result.ts';
import type { ReviewInput } from '../../src/review/types.ts';
import { detected, measure, type ReviewedSet } from './measure.ts';
import type { PlantedDefect } from '../generator/types.ts';

const input: ReviewInput = {
  documents: [
    { index: 1, name: 'a.pdf', kind: 'ПЗ', role: 'review', format: 'pdf', path: '/a.pdf', pdfPath: '/a.pdf', pages: 5, pageFrom: 1 },
    { index: 2, name: 'b.docx', kind: 'АР', role: 'review', format: 'docx', path: '/b.docx', pdfPath: null, pages: 7, pageFrom: 6 },
  ],
  objectAddress: null,
  userRequest: null,
  profile: [],
  workDir: '/tmp',
};

function finding(check: string, refs: [number, number][], extra: Partial<Finding> = {}): Finding {
  return {
    n: 1,
    finding_id: 'f',
    status: 'open',
    importance: 'significant',
    section: 'АР',
    essence: 'e',
    evidence_text: '',
    action: '',
    pages: [],
    page_refs: refs.map(([doc, page]) => ({ page: 0, in_docset: true, kind: '', doc_index: doc, doc_page: page, label: '' })),
    sources: [],
    topic: 'unassigned',
    check_id: check,
    ...extra,
  };
}

function run(planted: PlantedDefect[], findings: Finding[], questions: Question[] = [], clean = false): ReviewedSet {
  const outcome: ReviewOutcome = {
    findings,
    questions,
    warnings: [],
    reference_problems: [],
    usage: { pages_read: 0, characters_read: 0, ocr_pages: 0, seconds: 0 },
  };
  return { id: clean ? 'clean-x' : 'set-x', clean, hasXml: false, planted, input, outcome };
}

const onB3: PlantedDefect = { kind: 'consistency.area', docName: 'b.docx', page: 3, altPages: [4], detail: '' };

test('a defect counts as detected only on its document and page (or an equivalent page)', () => {
  assert.equal(detected(onB3, run([onB3], [finding('consistency.area', [[2, 3]])])), true);
  assert.equal(detected(onB3, run([onB3], [finding('consistency.area', [[2, 4]])])), true);
  assert.equal(detected(onB3, run([onB3], [finding('consistency.area', [[2, 5]])])), false);
  assert.equal(detected(onB3, run([onB3], [finding('consistency.area', [[1, 3]])])), false);
  assert.equal(detected(onB3, run([onB3], [finding('consistency.storeys', [[2, 3]])])), false);
  // Running page 8 is page 3 of the document starting at running page 6.
  assert.equal(detected(onB3, run([onB3], [finding('consistency.area', [], { pages: [8] })])), true);
});

test('set-level defects: the missing section must be named; an unanswerable request needs a question', () => {
  const missing: PlantedDefect = { kind: 'completeness.missing_section', docName: '', page: null, section: 'ПОС', detail: '' };
  assert.equal(detected(missing, run([missing], [finding('completeness.missing_section', [], { section: 'ПОС' })])), true);
  assert.equal(detected(missing, run([missing], [finding('completeness.missing_section', [], { section: 'ООС', essence: 'нет ООС' })])), false);
  const request: PlantedDefect = { kind: 'request.unanswerable', docName: '', page: null, section: 'ИОС4', detail: '' };
  assert.equal(detected(request, run([request], [finding('request.unanswerable', [])])), false);
  const q: Question = { n: 1, question_id: 'q', section: 'ИОС4', text: 'Нет ИОС4', reason: '', pages: [] };
  assert.equal(detected(request, run([request], [], [q])), true);
});

test('false positives: everything on clean sets, unplanted checks elsewhere, related checks excused', () => {
  const report = measure([
    run([], [finding('norms.superseded', [[1, 2]])], [], true),
    run([onB3], [finding('consistency.area', [[2, 3]]), finding('sheets.numbering_gap', [[1, 2]])]),
    run([{ kind: 'xml.explanatory_note_mismatch', docName: '', page: null, detail: '' }], [finding('consistency.cipher', [[1, 1]])]),
  ]);
  assert.equal(report.findingsOnCleanSets, 1);
  const row = (c: string) => report.rows.find((r) => r.check === c);
  assert.equal(row('norms.superseded')?.falsePositives, 1);
  assert.equal(row('sheets.numbering_gap')?.falsePositives, 1);
  assert.equal(row('consistency.area')?.falsePositives, 0);
  assert.equal(row('consistency.cipher')?.falsePositives, 0);
  assert.equal(row('consistency.area')?.recall, 1);
});
