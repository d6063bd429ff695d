import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { cadastralConsistency } from './consistency-cadastral.ts';

test('a document naming only another cadastral number is reported', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Кадастровый номер 77:01:0001001:1234']),
    docFacts(2, 'pzu.pdf', 'ПЗУ', ['участок с КН 77:01:0001001:1234']),
    docFacts(3, 'kr.pdf', 'КР', ['x', 'Кадастровый номер 77:01:0001001:1243']),
  ];
  const f = cadastralConsistency.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about, docs[2]);
  assert.match(f[0]!.essence, /1243.*1234/);
});

test('neighbouring plots named next to the main one, and documents without numbers, are fine', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Кадастровый номер 77:01:0001001:1234']),
    docFacts(2, 'pzu.pdf', 'ПЗУ', ['77:01:0001001:1234; смежный участок 77:01:0001001:99']),
    docFacts(3, 'ar.pdf', 'АР', ['без номера']),
  ];
  assert.deepEqual(cadastralConsistency.run(context(docs)).findings, []);
});
