import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts, stampLines } from '../../../test/review/facts-builder.ts';
import { titleBlockRoles } from './title-block-roles.ts';

const full = { 'Разраб.': 'Иванов', 'Пров.': 'Петров', ГИП: 'Сидоров', 'Н. контр.': 'Кузнецова' };
const page = (roles: Record<string, string>, n = 1) => ({ text: 'x', stamp: stampLines({ cipher: '24-017-КР', sheet: n, roles }) });

test('a missing «Н. контр.» row and an empty «Пров.» are reported with pages', () => {
  const { 'Н. контр.': _n, ...noNk } = full;
  const d = docFacts(1, 'kr.pdf', 'КР', [page(full, 1), page({ ...noNk, 'Пров.': '' }, 2)]);
  const [f, ...rest] = titleBlockRoles.run(context([d])).findings!;
  assert.equal(rest.length, 0);
  assert.match(f!.essence, /нет строк Н\. контр\./);
  assert.match(f!.essence, /не указана фамилия в строках Пров\./);
  assert.deepEqual(
    f!.places.map((p) => p.page),
    [2],
  );
});

test('complete title blocks and documents without title blocks are fine; a sheet without ГИП is not', () => {
  const { ГИП: _g, ...noGip } = full;
  const d = docFacts(1, 'kr.pdf', 'КР', [page(full, 1), page(full, 2)]);
  assert.deepEqual(titleBlockRoles.run(context([d])).findings, []);
  const partial = docFacts(1, 'kr.pdf', 'КР', [page(full, 1), page(noGip, 2)]);
  assert.deepEqual(
    titleBlockRoles.run(context([partial])).findings!.map((f) => f.places.map((p) => p.page)),
    [[2]],
  );
  const plain = docFacts(2, 'letter.pdf', 'ПЗ', ['Письмо без основной надписи', 'Разраб. в тексте письма']);
  assert.deepEqual(titleBlockRoles.run(context([plain])).findings, []);
});
