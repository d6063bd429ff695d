import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compilePhrases, isHeadingLine, scanPhrases } from './phrases.ts';

const index = compilePhrases([
  { id: 'climate', terms: ['климатич услов', 'инженерно-геологич'] },
  { id: 'facades', terms: ['фасад'] },
  { id: 'same', terms: ['услов климатич'] },
]);

test('a phrase is found when its stems begin words standing close together, in any order', () => {
  const scan = scanPhrases('3.2 Условия строительства\nКлиматические условия района приняты по СП 131', index);
  const found = scan.matches.map((m) => index.phrases[m.phrase]!.join(' '));
  assert.deepEqual(found, ['климатич услов']);
  assert.equal(scan.matches[0]!.line, 'Климатические условия района приняты по СП 131');
});

test('stems far apart are not a phrase; a stem inside a word is not its beginning', () => {
  const far = `климатические ${'слово '.repeat(12)} условия`;
  assert.equal(scanPhrases(far, index).matches.length, 0);
  assert.equal(scanPhrases('неклиматические условия', index).matches.length, 0);
});

test('a hyphenated word is one word, ё reads as е, case does not matter', () => {
  assert.equal(scanPhrases('ИНЖЕНЕРНО-ГЕОЛОГИЧЕСКИЕ изыскания', index).matches.length, 1);
  assert.equal(scanPhrases('Фасад в осях 1–7', index).matches.length, 1);
});

test('a hyphenated word broken at its hyphen across lines is one word, as a wrapped heading prints it', () => {
  const wrapped = compilePhrases([{ id: 'ah', terms: ['архитектурно-художеств решен'] }]);
  const scan = scanPhrases('7. Обоснование принятых объемно-пространственных и архитектурно-\nхудожественных решений', wrapped);
  assert.equal(scan.matches.length, 1);
  assert.equal(scan.matches[0]!.line, '7. Обоснование принятых объемно-пространственных и архитектурно-');
  // a dash between words is no hyphen of a word
  assert.equal(scanPhrases('архитектурно -\nхудожественных решений', wrapped).matches.length, 0);
});

test('one phrase written twice in another order is compiled once, and both requirements name it', () => {
  assert.deepEqual(index.byRequirement.get('climate')![0], index.byRequirement.get('same')![0]);
  assert.equal(index.phrases.length, 3);
});

test('stems met anywhere on the page are reported even without a whole phrase', () => {
  const scan = scanPhrases('климатический район IIВ', index);
  assert.equal(scan.matches.length, 0);
  assert.ok([...scan.stems].some((s) => index.stems[s] === 'климатич'));
});

test('headings: numbered or upper-case short lines; sentences and long lines are not', () => {
  assert.ok(isHeadingLine('3.2 Климатические условия'));
  assert.ok(isHeadingLine('ИСХОДНЫЕ ДАННЫЕ'));
  assert.ok(!isHeadingLine('Климатические условия района приняты по СП 131.13330.2020, г. Кострома, и учтены в расчётах.'));
  assert.ok(!isHeadingLine('1. Наружные стены,'));
});

test('a word broken at the end of a line is read whole', () => {
  const wrapped = compilePhrases([{ id: 'x', terms: ['инженерно-техническ решен'] }]);
  const scan = scanPhrases('Обоснование конструктивных и инженер-\nно-технических решений', wrapped);
  assert.equal(scan.matches.length, 1);
  assert.equal(scan.matches[0]!.line, 'Обоснование конструктивных и инженер-');
});

test('a word broken within its first letters is read whole too', () => {
  const fire = compilePhrases([{ id: 'f', terms: ['пожарн безопасн'] }]);
  assert.equal(scanPhrases('Мероприятия по обеспечению по-\nжарной безопасности', fire).matches.length, 1);
  assert.equal(scanPhrases('по-\r\n  жарной безопасности', fire).matches.length, 1);
  // a dash standing alone, or a line break without a hyphen, ends the word
  assert.equal(scanPhrases('по -\nжарной безопасности', fire).matches.length, 0);
  assert.equal(scanPhrases('по\nжарной безопасности', fire).matches.length, 0);
});

test('letters beyond Cyrillic and Latin (Greek, astral) make words and are no stems', () => {
  const index = compilePhrases([{ id: 'f', terms: ['фасад'] }]);
  const scan = scanPhrases('αβγ 𝒜𝒝 фасадов', index);
  assert.equal(scan.matches.length, 1);
  assert.equal(scan.matches[0]!.at, 'αβγ 𝒜𝒝 '.length);
  // offsets are the page's own, also after a letter whose lower case is longer («İ» is «i̇»)
  assert.equal(scanPhrases('İzmir: ФАСАДЫ', index).matches[0]!.at, 'İzmir: '.length);
});
