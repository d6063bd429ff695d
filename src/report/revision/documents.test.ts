import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Finding, PublishedSetDocument, PublishedSetModel } from '../../kernel/result.ts';
import { matchDocuments, type RevisionFile } from './documents.ts';
import { matchFindings, revisionOf } from './match.ts';

function doc(index: number, code: string, cipher: string | null): PublishedSetDocument {
  return {
    doc_index: index,
    type: 'pd_section',
    code,
    stage: 'П',
    evidence: '',
    parts: [{ kind: 'drawings', cue: 'start', cipher, page_from: 1, page_to: 4, sheet_from: 1, sheet_to: 4, sheets_declared: null, form: 3, numbering: 1 }],
  };
}

const setOf = (documents: PublishedSetDocument[]): PublishedSetModel => ({
  stage: 'П',
  edition: 'from_2022_09_01',
  edition_basis: '',
  reference_date: null,
  reference_date_source: null,
  reference_date_text: null,
  reference_doc_index: null,
  reference_page: null,
  documents,
  summary: '',
});

const file = (doc_index: number, name: string, sha256: string, kind: string | null = null): RevisionFile => ({ doc_index, name, sha256, kind });

function finding(n: number, docIndex: number | null, section: string): Finding {
  return {
    n,
    finding_id: `f${n}`,
    status: 'open',
    importance: 'significant',
    section,
    essence: `Замечание ${n} по разделу ${section}.`,
    evidence_text: '',
    action: '',
    pages: [],
    page_refs: docIndex === null ? [] : [{ page: 1, in_docset: true, kind: section, doc_index: docIndex, doc_page: 1, label: 'стр. 1' }],
    sources: [],
    topic: 'engineering',
    check_id: `check.${section}`,
  };
}

// The school of the issue: ПБ corrected, ПЗ and АР unchanged, ИОС1.2 not resubmitted, ИОС3 added
const before = {
  files: [file(1, 'ПЗ.pdf', 'a'), file(2, 'АР.pdf', 'b'), file(3, 'ПБ.pdf', 'c'), file(4, 'ИОС1.2.pdf', 'd')],
  set: setOf([doc(1, 'ПЗ', '24-017-ПЗ'), doc(2, 'АР', '24-017-АР'), doc(3, 'ПБ', '24-017-ПБ'), doc(4, 'ИОС1', '24-017-ИОС1.2')]),
};
const after = {
  files: [file(1, 'ПЗ.pdf', 'a'), file(2, 'Том 3 АР.pdf', 'b'), file(3, 'ПБ изм1.pdf', 'c2'), file(4, 'ИОС3.pdf', 'e')],
  set: setOf([doc(1, 'ПЗ', '24-017-ПЗ'), doc(2, 'АР', '24-017-АР'), doc(3, 'ПБ', '24-017-ПБ'), doc(4, 'ИОС3', '24-017-ИОС3')]),
};

test('documents: the same file by content, a corrected edition by section and cipher, added and dropped listed', () => {
  const m = matchDocuments(after, before);
  assert.deepEqual(
    m.documents.map((d) => [d.name, d.status, d.matched_by, d.previous_name]),
    [
      ['ПЗ.pdf', 'unchanged', 'content', 'ПЗ.pdf'],
      ['Том 3 АР.pdf', 'unchanged', 'content', 'АР.pdf'],
      ['ПБ изм1.pdf', 'corrected', 'cipher', 'ПБ.pdf'],
      ['ИОС3.pdf', 'added', undefined, undefined],
    ],
  );
  assert.deepEqual(m.dropped, [{ doc_index: 4, name: 'ИОС1.2.pdf', section: 'ИОС1', cipher: '24-017-ИОС1.2' }]);
});

test('trap: another volume of the same section with another cipher is not a corrected edition', () => {
  const m = matchDocuments(
    { files: [file(1, 'КР2.pdf', 'x')], set: setOf([doc(1, 'КР', '24-017-КР2')]) },
    { files: [file(1, 'КР1.pdf', 'y')], set: setOf([doc(1, 'КР', '24-017-КР1')]) },
  );
  assert.equal(m.documents[0]!.status, 'added');
  assert.equal(m.dropped.length, 1);
});

test('without a cipher the only volume of a section on both sides is its predecessor; two of them are not guessed', () => {
  const one = matchDocuments(
    { files: [file(1, 'КР новый.pdf', 'x')], set: setOf([doc(1, 'КР', null)]) },
    { files: [file(1, 'КР.pdf', 'y')], set: setOf([doc(1, 'КР', '24-017-КР')]) },
  );
  assert.equal(one.documents[0]!.status, 'corrected');
  assert.equal(one.documents[0]!.matched_by, 'section');
  const two = matchDocuments(
    { files: [file(1, 'a.pdf', 'x'), file(2, 'b.pdf', 'z')], set: setOf([doc(1, 'КР', null), doc(2, 'КР', null)]) },
    { files: [file(1, 'c.pdf', 'y'), file(2, 'd.pdf', 'w')], set: setOf([doc(1, 'КР', null), doc(2, 'КР', null)]) },
  );
  assert.deepEqual(
    two.documents.map((d) => d.status),
    ['added', 'added'],
  );
  assert.equal(two.dropped.length, 2);
});

test('a previous result without a set model is compared by the documents kinds', () => {
  const m = matchDocuments({ files: [file(1, 'КР изм.pdf', 'x', 'КР')], set: after.set }, { files: [file(7, 'КР.pdf', 'y', 'КР')] });
  assert.equal(m.documents[0]!.status, 'corrected');
  assert.equal(m.documents[0]!.previous_doc_index, 7);
});

test('a remark on a volume that did not come back is «not resubmitted», never resolved; set-level ones resolve', () => {
  const previousFindings = [finding(1, 3, 'ПБ'), finding(2, 4, 'ИОС1'), finding(3, 4, 'ИОС1'), finding(4, null, 'ОБЩ')];
  const match = matchFindings({ findings: [], set: after.set, names: new Map() }, { findings: previousFindings, set: before.set, names: new Map() });
  const { revision } = revisionOf([], match, { runId: 'r0', publishedAt: '2026-11-20T10:00:00.000Z' }, matchDocuments(after, before));
  assert.deepEqual(
    revision.resolved.map((f) => f.n),
    [1, 4],
  );
  assert.deepEqual(
    revision.not_resubmitted!.map((f) => f.n),
    [2, 3],
  );
  assert.deepEqual(revision.counts, { new: 0, persisting: 0, resolved: 2, not_resubmitted: 2 });
  assert.equal(revision.dropped![0]!.name, 'ИОС1.2.pdf');
  assert.equal(revision.documents!.length, 4);
});
