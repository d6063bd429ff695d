import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { parseExplanatoryNote } from '../extract/xml-note.ts';
import { SAMPLE_NOTE } from '../../../test/review/samples.ts';
import { missingSection } from './missing-section.ts';

const profile = [
  { code: 'ПЗ', title: 'ПЗ', required: true },
  { code: 'АР', title: 'АР', required: true },
  { code: 'КР', title: 'КР', required: true },
  { code: 'ИОС1', title: 'ИОС1', required: true },
  { code: 'ИОС6', title: 'ИОС6', required: false },
];

test('a required section with no document is a critical set-level finding', () => {
  const docs = [docFacts(1, '24-017-ПЗ.pdf', 'ПЗ', ['x']), docFacts(2, 'a.pdf', 'АР', ['x'])];
  const f = missingSection.run(context(docs, { profile })).findings!;
  assert.deepEqual(f.map((x) => x.essence.match(/раздел (\S+)/)![1]), ['КР', 'ИОС1']);
  assert.ok(f.every((x) => x.importance === 'critical' && x.about === null));
});

test('kinds are read from synonyms and classified when not given; optional sections are not demanded', () => {
  const docs = [
    docFacts(1, 'pz.pdf', null, ['ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nРаздел 1. Пояснительная записка']),
    docFacts(2, 'a.pdf', 'АР', ['x']),
    docFacts(3, 'k.pdf', 'КЖ', ['x']),
    docFacts(4, 'e.pdf', 'ЭОМ', ['x']),
  ];
  assert.deepEqual(missingSection.run(context(docs, { profile })).findings, []);
});

test('a section marked «Раздел не разрабатывался» in the XML note is not missing', () => {
  const xml = parseExplanatoryNote(SAMPLE_NOTE);
  const docs = [docFacts(1, 'pz.xml', null, ['x'], { format: 'xml', pdfPath: null }, xml), docFacts(2, 'a.pdf', 'АР', ['x']), docFacts(3, 'k.pdf', 'КР', ['x'])];
  assert.deepEqual(missingSection.run(context(docs, { profile })).findings, []);
});
