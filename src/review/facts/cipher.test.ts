import { test } from 'node:test';
import assert from 'node:assert/strict';
import { designationOf, findMixedScriptCiphers, marksAgree, parseCiphers } from './cipher.ts';

const one = (t: string) => parseCiphers(t)[0] ?? null;

test('ciphers of real-world shapes give base, mark and section', () => {
  assert.deepEqual(one('Шифр 24-017-КР2'), { cipher: '24-017-КР2', base: '24-017', mark: 'КР', section: 'КР' });
  assert.equal(one('П-2025-04.266-ИОС4.2')?.section, 'ИОС4');
  assert.equal(one('П-2025-04.266-ИОС4.2')?.base, 'П-2025-04.266');
  assert.equal(one('ЖС-РД-270121-П-ИОС3')?.base, 'ЖС-РД-270121-П');
  assert.equal(one('СГ-2404-КЖ2')?.section, 'КР');
  assert.equal(one('2345-12-ПЗУ')?.section, 'ПЗУ');
  assert.equal(one('24-017-ОВ1')?.section, 'ИОС4');
  // the explanatory note of the estimate documentation is СМ's, not the ПЗ of the set
  assert.deepEqual(one('П587-01-00/18-СД.ПЗ'), { cipher: 'П587-01-00/18-СД.ПЗ', base: 'П587-01-00/18', mark: 'СД', section: 'СМ' });
});

test('norm designations, dates and words are not ciphers', () => {
  assert.equal(one('СП 20.13330.2016'), null);
  assert.equal(one('ГОСТ Р 21.101-2020'), null);
  assert.equal(one('объемно-планировочные'), null);
  assert.equal(one('АНО-КР'), null);
});

test('ciphers with a part after a dot, a building after a hyphen or an edition are read whole', () => {
  assert.equal(one('см. 57/19-ПС-ТХ.Б')?.cipher, '57/19-ПС-ТХ.Б');
  assert.equal(one('по 57/19-ПС-ИТП.АК')?.cipher, '57/19-ПС-ИТП.АК');
  assert.deepEqual(one('57/19-ПС-КНС.ЭМ'), { cipher: '57/19-ПС-КНС.ЭМ', base: '57/19-ПС', mark: 'ЭМ', section: 'ИОС1' });
  assert.equal(one('57/19-ПС-ОВ2.СО')?.cipher, '57/19-ПС-ОВ2.СО');
  assert.equal(one('22ЛК-Р-КЖ2.3-Б2.СО')?.cipher, '22ЛК-Р-КЖ2.3-Б2.СО');
  assert.equal(one('57_19-ПС-КЖ3_изм4.pdf')?.cipher, '57_19-ПС-КЖ3');
  assert.equal(one('57/19-ПС-ЭМ3')?.cipher, '57/19-ПС-ЭМ3');
});

test('book ciphers of a subsection agree with the subsection; two books do not', () => {
  assert.equal(parseCiphers('25/06/2025-СОШ10-ИОС1.2')[0]!.mark, 'ИОС1.2');
  assert.ok(marksAgree('ИОС1.2', 'ИОС1'));
  assert.ok(marksAgree('ИОС5', 'ИОС5.5'));
  assert.ok(marksAgree(parseCiphers('МЕС-БМК-04/24-ИОС4.2.ПЗ')[0]!.mark, 'ИОС4'));
  assert.ok(!marksAgree('ИОС5.5', 'ИОС5.6'));
  assert.ok(!marksAgree('ИОС1.2', 'ИОС2'));
  assert.ok(!marksAgree('ИОС1', 'ИОС12'));
  assert.ok(!marksAgree('КР', 'КР1'));
});

test('a doubled hyphen before the mark does not hide the cipher', () => {
  const [c] = parseCiphers('25/06/2025-СОШ7--ИОС1.2.ПЗ');
  assert.equal(c!.cipher, '25/06/2025-СОШ7-ИОС1.2.ПЗ');
  assert.equal(c!.base, '25/06/2025-СОШ7');
});

test('the volume number a file name glues to the cipher («Том 5.1_ГП-130-25-ИОС1») is not part of its base', () => {
  assert.equal(one('Том 1_ГП-130-25-ПЗ.pdf')!.cipher, 'ГП-130-25-ПЗ');
  assert.equal(one('Том 5.1_8502-26-П-ИОС1')!.base, '8502-26-П');
  assert.equal(one('Том 4_24-017-КР.pdf')!.cipher, '24-017-КР');
  assert.equal(one('МЕС_БМК_04_24-ИОС4')!.base, 'МЕС_БМК_04_24');
  assert.equal(one('57_19-ПС-КЖ3')!.base, '57_19-ПС');
});

test('a cipher printed with a Latin look-alike among Cyrillic letters is found as printed, with its Cyrillic reading', () => {
  assert.deepEqual(findMixedScriptCiphers('Шифр 25/06/2025-CОШ10-ИОС1.2 ПЗ'), [{ printed: '25/06/2025-CОШ10-ИОС1.2', cipher: '25/06/2025-СОШ10-ИОС1.2' }]);
  assert.deepEqual(findMixedScriptCiphers('24-017-KР, лист 3'), [{ printed: '24-017-KР', cipher: '24-017-КР' }]);
  // all Cyrillic, or a Latin word of its own beside the cipher: nothing
  assert.deepEqual(findMixedScriptCiphers('25/06/2025-СОШ10-ИОС1.2 (PDF)'), []);
  assert.deepEqual(findMixedScriptCiphers('Расчёт CО2 по 24-017-КР'), []);
});

test('a text or graphic part after a hyphen belongs to the cipher: «…-ПБ-ПЗ» is the text part of ПБ', () => {
  assert.deepEqual(
    parseCiphers('25/06/2025-СОШ10-ПБ-ПЗ').map((c) => [c.cipher, c.base, c.mark]),
    [['25/06/2025-СОШ10-ПБ-ПЗ', '25/06/2025-СОШ10', 'ПБ']],
  );
  assert.deepEqual(
    parseCiphers('24-017-ПЗ').map((c) => [c.cipher, c.mark]),
    [['24-017-ПЗ', 'ПЗ']],
  );
  assert.deepEqual(
    parseCiphers('24-017-КР-ГЧ').map((c) => c.cipher),
    ['24-017-КР-ГЧ'],
  );
});

test('a cipher alone on its line under the section’s name is the page’s designation; in a sentence, or one of a list, it is not', () => {
  const at = (text: string, cipher: string) => designationOf(text) === text.indexOf(cipher);
  assert.equal(at('Раздел 9. Мероприятия по обеспечению пожарной безопасности\n\n 25-143-ПЗУ \nТом 9', '25-143-ПЗУ'), true);
  assert.equal(at('Подраздел 1. Система электроснабжения\n25-143-ИОС1', '25-143-ИОС1'), true);
  assert.equal(designationOf('Раздел 9. Мероприятия\nпроезды см. 25-143-ПЗУ'), null);
  assert.equal(designationOf('Проезды пожарной техники приняты по\n25-143-ПЗУ'), null);
  const list = 'Состав проектной документации\nРаздел 2. Схема планировочной организации\n24-05-ПЗУ\nРаздел 3. Архитектурные решения\n24-05-АР';
  assert.equal(designationOf(list), null);
});
