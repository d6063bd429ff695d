import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { partiesConsistency, surnameKey } from './consistency-parties.ts';

const title = (gip: string) => `ООО «Проект»\nПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nГлавный инженер проекта ____________ ${gip}`;

test('the ГИП of one volume differs from the rest: one finding quoting both title pages', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', [title('И.И. Иванов')]),
    docFacts(2, 'ar.pdf', 'АР', [title('Иванов И.И.')]),
    docFacts(3, 'kr.pdf', 'КР', [title('П.П. Петров')]),
  ];
  const f = partiesConsistency.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about, docs[2]);
  assert.match(f[0]!.essence, /Петров.*Иванов/);
  assert.deepEqual(
    f[0]!.places.map((p) => p.doc.doc.index),
    [3, 1],
  );
});

test('initials written otherwise or left out are the same person; a title page naming two is not compared', () => {
  assert.equal(surnameKey('И. И. Иванов'), surnameKey('Иванов И.И.'));
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', [title('И.И. Иванов')]),
    docFacts(2, 'ar.pdf', 'АР', [title('Иванов И. И.')]),
    docFacts(3, 'kr.pdf', 'КР', [`${title('П.П. Петров')}\nГИП С.С. Сидоров`]),
  ];
  assert.deepEqual(partiesConsistency.run(context(docs)).findings, []);
});
