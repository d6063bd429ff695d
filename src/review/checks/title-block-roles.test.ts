import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts, stampLines } from '../../../test/review/facts-builder.ts';
import { titleBlockRoles } from './title-block-roles.ts';

const full = { 'Разраб.': 'Иванов', 'Пров.': 'Петров', ГИП: 'Сидоров', 'Н. контр.': 'Кузнецова' };
const page = (roles: Record<string, string>, n = 1) => ({ text: 'x', stamp: stampLines({ cipher: '24-017-КР', sheet: n, roles }) });

test('a missing «Н. контр.» row on the first sheet and an empty «Пров.» on a later one are one finding with pages', () => {
  const { 'Н. контр.': _n, ...noNk } = full;
  const d = docFacts(1, 'kr.pdf', 'КР', [page(noNk, 1), page({ ...full, 'Пров.': '' }, 2)]);
  const [f, ...rest] = titleBlockRoles.run(context([d])).findings!;
  assert.equal(rest.length, 0);
  assert.equal(f!.importance, 'significant');
  assert.match(f!.essence, /нет строк Н\. контр\./);
  assert.match(f!.essence, /не указана фамилия в строках Пров\./);
  assert.deepEqual(
    f!.places.map((p) => p.page),
    [1, 2],
  );
});

test('the developer row is required on every signed sheet, the normocontroller on the first one', () => {
  const { 'Разраб.': _d, ...noDev } = full;
  const { 'Н. контр.': _n, ...noNk } = full;
  const d = docFacts(1, 'kr.pdf', 'КР', [page(full, 1), page(noDev, 2), page(noNk, 3)]);
  const [f, ...rest] = titleBlockRoles.run(context([d])).findings!;
  assert.equal(rest.length, 0);
  assert.match(f!.essence, /нет строк Разраб\.$/);
  assert.deepEqual(
    f!.places.map((p) => p.page),
    [2],
  );
});

test('a form without ГИП is no defect; without «Пров.» on its first sheet it is a minor remark, never a significant one', () => {
  const withChecker = docFacts(1, 'ios.pdf', 'ИОС4', [
    page({ 'Разраб.': 'Иванов', 'Пров.': 'Петров', 'Н. контр.': 'Кузнецова' }, 1),
    page({ 'Разраб.': 'Иванов', 'Н. контр.': 'Кузнецова', 'Утв.': 'Козлов' }, 2),
  ]);
  assert.deepEqual(titleBlockRoles.run(context([withChecker])).findings, []);
  const d = docFacts(1, 'ios.pdf', 'ИОС4', [
    page({ 'Разраб.': 'Иванов', 'Н. контр.': 'Кузнецова', ГИП: 'Сидоров' }, 1),
    page({ 'Разраб.': 'Иванов', 'Н. контр.': 'Кузнецова', 'Утв.': 'Козлов' }, 2),
  ]);
  const found = titleBlockRoles.run(context([d])).findings!;
  assert.deepEqual(
    found.map((f) => [f.importance, f.essence, f.places.map((p) => p.page)]),
    [['minor', 'В основных надписях документа «ios.pdf» нет строк Пров.', [1]]],
  );
});

test('a free row printed without a surname is a minor remark', () => {
  const d = docFacts(1, 'ar.pdf', 'АР', [page(full, 1), page({ ...full, 'Пров.': '' }, 2)]);
  const [f] = titleBlockRoles.run(context([d])).findings!;
  assert.equal(f!.importance, 'minor');
  assert.match(f!.essence, /не указана фамилия в строках Пров\./);
});

test('complete title blocks and documents without title blocks are fine', () => {
  const d = docFacts(1, 'kr.pdf', 'КР', [page(full, 1), page(full, 2)]);
  assert.deepEqual(titleBlockRoles.run(context([d])).findings, []);
  const plain = docFacts(2, 'letter.pdf', 'ПЗ', ['Письмо без основной надписи', 'Разраб. в тексте письма']);
  assert.deepEqual(titleBlockRoles.run(context([plain])).findings, []);
});

test('a survey programme is not judged by the forms of ПД: the rows its surveyor prints are its own', () => {
  const { 'Н. контр.': _n, ...noNk } = full;
  const programme = docFacts(1, 'Программа ИГДИ.pdf', null, [
    { text: 'ПРОГРАММА\nИНЖЕНЕРНО-ГЕОДЕЗИЧЕСКИХ ИЗЫСКАНИЙ\n819-ИГДИ-П', stamp: stampLines({ cipher: '819-ИГДИ-П', sheet: 1, roles: noNk }) },
  ]);
  assert.deepEqual(titleBlockRoles.run(context([programme])).findings ?? [], []);
  const report = docFacts(1, 'ИГДИ.pdf', null, [
    { text: 'ТЕХНИЧЕСКИЙ ОТЧЕТ\nпо результатам инженерно-геодезических изысканий', stamp: stampLines({ cipher: '819-ИГДИ', sheet: 1, roles: noNk }) },
  ]);
  assert.match(titleBlockRoles.run(context([report])).findings![0]!.essence, /нет строк Н\. контр\./);
});

test('a title block recognised from the picture of a sheet drawn as lines never says a row is missing', () => {
  const { 'Н. контр.': _n, ...noNk } = full;
  const d = docFacts(1, 'ios.pdf', 'ИОС2', [
    { ...page(noNk, 1), stampRecognised: true },
    { ...page({ ...full, 'Пров.': '' }, 2), stampRecognised: true },
  ]);
  assert.deepEqual(titleBlockRoles.run(context([d])).findings ?? [], []);
  // the same rows read from a text layer are a finding
  const text = docFacts(1, 'ios.pdf', 'ИОС2', [page(noNk, 1), page({ ...full, 'Пров.': '' }, 2)]);
  assert.equal(titleBlockRoles.run(context([text])).findings!.length, 1);
});
