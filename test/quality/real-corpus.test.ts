import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Finding } from '../../src/kernel/result.ts';
import { fileNameOf, mirrorGitDir, missingMessage, objectsOf, parseRealCorpus, summaryText, type CorpusDocument } from './real-corpus.ts';

const COMMIT = 'a'.repeat(40);
const doc = (over: Partial<CorpusDocument> = {}): CorpusDocument => ({
  object: 'house',
  repo: 'owner/name',
  commit: COMMIT,
  path: 'docs/Раздел ПД №3 АР.pdf',
  kind: 'АР',
  role: 'review',
  ...over,
});
const list = (objects: unknown[], documents: unknown[]) => JSON.stringify({ objects, documents });

test('the committed list parses, every object has documents, and about a third of the objects are held out', async () => {
  const corpus = parseRealCorpus(await readFile(new URL('./real-corpus.json', import.meta.url), 'utf8'));
  const held = corpus.objects.filter((o) => o.part === 'held-out').length;
  assert.ok(corpus.objects.length >= 3);
  assert.ok(held >= 1 && held < corpus.objects.length / 2, `held-out ${held} of ${corpus.objects.length}`);
  for (const { documents } of objectsOf(corpus, 'working')) assert.ok(documents.some((d) => d.role === 'review'));
});

test('parseRealCorpus reports every problem of a broken list at once', () => {
  const bad = list(
    [
      { id: 'house', part: 'working', title: 't' },
      { id: 'house', part: 'somewhere', title: 't' },
    ],
    [doc({ commit: 'abc' }), doc({ object: 'nobody', repo: 'no-slash', path: '/abs.pdf', role: 'judge' as never })],
  );
  assert.throws(
    () => parseRealCorpus(bad),
    (e: Error) =>
      [
        'id "house" repeated',
        'part must be working or held-out',
        'commit must be 40 hex',
        'unknown object "nobody"',
        'repo must be owner/name',
        'path must be relative',
        'role must be review or context',
      ].every((s) => e.message.includes(s)),
  );
});

test('two files of one object with the same name would overwrite each other, so the list refuses them', () => {
  const same = list([{ id: 'house', part: 'working', title: 't' }], [doc({ path: 'a/x.pdf' }), doc({ path: 'b/x.pdf' })]);
  assert.throws(() => parseRealCorpus(same), /a second file named "x.pdf"/);
});

test('an object without documents is refused', () => {
  assert.throws(() => parseRealCorpus(list([{ id: 'empty', part: 'held-out', title: 't' }], [])), /object "empty" has no documents/);
});

test('objectsOf keeps the part asked for, documents in list order', () => {
  const corpus = parseRealCorpus(
    list(
      [
        { id: 'house', part: 'working', title: 't' },
        { id: 'school', part: 'held-out', title: 't' },
      ],
      [doc({ path: '1.pdf' }), doc({ object: 'school', path: 's.pdf' }), doc({ path: '2.pdf' })],
    ),
  );
  const working = objectsOf(corpus, 'working');
  assert.deepEqual(
    working.map((o) => [o.object.id, o.documents.map((d) => d.path)]),
    [['house', ['1.pdf', '2.pdf']]],
  );
  assert.deepEqual(
    objectsOf(corpus, 'held-out').map((o) => o.object.id),
    ['school'],
  );
});

test('file names and mirror folders follow what the client sends and what fetch brings', () => {
  assert.equal(fileNameOf('Перед 0/Пакет 1/Раздел ПД №3 АР.pdf'), 'Раздел ПД №3 АР.pdf');
  assert.equal(fileNameOf('ПЗ.xml'), 'ПЗ.xml');
  assert.equal(mirrorGitDir('/work/.mirror/', 'owner/name'), '/work/.mirror/owner+name/repo');
});

test('the missing-mirror message names each file and one fetch per repository', () => {
  const text = missingMessage([
    { document: doc(), why: 'no mirror at /m/owner+name/repo' },
    { document: doc({ path: 'docs/КР.pdf' }), why: 'not in the mirror' },
    { document: doc({ repo: 'other/repo', object: 'school', path: 'x.xml' }), why: 'no mirror' },
  ]);
  assert.match(text, /^3 document\(s\) missing:/);
  assert.match(text, /house: docs\/Раздел ПД №3 АР\.pdf @ aaaaaaaaaaaa \(owner\/name\) — no mirror/);
  assert.equal(text.match(/fetch github:owner\/name/g)?.length, 1);
  assert.match(text, /fetch github:other\/repo/);
  assert.equal(missingMessage([]), '');
});

test('the summary counts the result and places each finding on its document and page', () => {
  const finding = {
    n: 1,
    importance: 'significant',
    check_id: 'sheets.numbering_gap',
    essence: 'Пропущен лист 3',
    page_refs: [{ doc_index: 2, doc_page: 5 }],
  } as unknown as Finding;
  const text = summaryText('house', ['ПЗ.pdf', 'АР.pdf'], {
    findings: [finding],
    questions: [{ n: 1, question_id: 'q', section: 'ИОС4', text: 'Где том?', reason: '', pages: [] }],
    warnings: [{ code: 'ocr', message: 'нет текста', doc_index: 1, page: 2 }],
  });
  assert.equal(
    text,
    'house: 1 замечаний, 1 вопросов, 1 предупреждений\nF1 [significant] sheets.numbering_gap — Пропущен лист 3 (АР.pdf с. 5)\nQ1 ИОС4: Где том?\nW ocr: нет текста (ПЗ.pdf с. 2)\n',
  );
});
