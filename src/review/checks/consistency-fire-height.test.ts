import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { fireHeightConsistency } from './consistency-fire-height.ts';

test('a ПБ stating another fire height than АР and ПЗ is reported with both places', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Пожарно-техническая высота здания — 26,25 м.']),
    docFacts(2, 'ar.pdf', 'АР', ['Архитектурная высота здания — 31,2 м. Высота этажа — 3,0 м.', 'Пожарно-техническая высота, м 26,3']),
    docFacts(3, 'pb.pdf', 'ПБ', ['Для зданий с пожарно-технической высотой не более 28 м …', 'Пожарно-техническая высота здания составляет 29,4 м.']),
  ];
  const f = fireHeightConsistency.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about, docs[2]);
  assert.deepEqual(
    f[0]!.places.map((p) => [p.doc.doc.index, p.page]),
    [
      [3, 2],
      [1, 1],
    ],
  );
  assert.match(f[0]!.essence, /29,4 м .*26,25 м/);
  assert.match(f[0]!.evidence, /с\. 2: .*29,4/);
});

test('rounding is no conflict, and a document naming two heights is not compared', () => {
  const same = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Пожарно-техническая высота здания — 26,25 м.']),
    docFacts(2, 'pb.pdf', 'ПБ', ['Пожарно-техническая высота — 26,3 м']),
  ];
  assert.deepEqual(fireHeightConsistency.run(context(same)).findings, []);
  const two = docFacts(3, 'ar.pdf', 'АР', ['Пожарно-техническая высота здания — 17,1 м', 'Пожарно-техническая высота здания — 26,25 м']);
  assert.deepEqual(fireHeightConsistency.run(context([...same, two])).findings, []);
});
