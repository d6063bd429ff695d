import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findCipherRefs, findSheetRefs, findVolumeRefs, ownVolume } from './refs.ts';

test('sheet references in their usual wordings', () => {
  assert.deepEqual(
    findSheetRefs('Узел 1 см. лист 12.', 1).map((r) => r.sheet),
    [12],
  );
  assert.deepEqual(
    findSheetRefs('(см. л. 4)', 1).map((r) => r.sheet),
    [4],
  );
  assert.deepEqual(
    findSheetRefs('показаны на листах 5-7', 1).map((r) => r.sheet),
    [5, 7],
  );
  assert.deepEqual(
    findSheetRefs('смотри лист 3 документа 24-017-АР', 1).map((r) => [r.sheet, r.cipher]),
    [[3, '24-017-АР']],
  );
});

test('sheet numbers in a title block or a list are not references', () => {
  assert.deepEqual(findSheetRefs('Лист 12  Листов 20', 1), []);
  assert.deepEqual(findSheetRefs('Изм. Кол.уч. Лист № док.', 1), []);
});

test('document references need a pointing word before the cipher', () => {
  assert.deepEqual(
    findCipherRefs('Армирование см. 24-017-КР2.', 2).map((r) => r.cipher),
    ['24-017-КР2'],
  );
  assert.deepEqual(
    findCipherRefs('выполнено согласно 24-017-ИОС4', 2).map((r) => r.section),
    ['ИОС4'],
  );
  assert.deepEqual(findCipherRefs('24-017-КР2 Конструктивные решения. Том 4', 2), []);
});

test('a sheet in brackets after what it shows, and a document named before its sheet', () => {
  assert.deepEqual(
    findSheetRefs('Ведомость отделки помещений (лист 11) выполнена', 1).map((r) => [r.sheet, r.cipher]),
    [[11, null]],
  );
  assert.deepEqual(
    findSheetRefs('Привязка здания к осям — см. ЖК-098-25-ПЗУ, лист 11.', 1).map((r) => [r.sheet, r.cipher]),
    [[11, 'ЖК-098-25-ПЗУ']],
  );
  assert.deepEqual(findSheetRefs('Нагрузка 11 кН (лист стали 4 мм)', 1), []);
});

test('volumes named by number; a volume followed by its cipher is left to the cipher', () => {
  const vols = (t: string) => findVolumeRefs(t, 1).map((r) => r.volume);
  assert.deepEqual(vols('Узлы см. том 7. Расчёты приведены в томе 5.1; согласно тому 4'), ['7', '5.1', '4']);
  assert.deepEqual(vols('см. том 3 (24-017-АР); см. т. 2, шифр 24-017-ПЗУ; приведены в томе 24-017-АР; приведены в томе 25-\n069-АР'), []);
  assert.deepEqual(vols('Том 4\nКонструктивные решения; толщина 5 мм'), []);
  assert.equal(ownVolume('Том 5.1_24-017-ИОС1.pdf', ''), '5.1');
  assert.equal(ownVolume('24-017-КР.pdf', 'ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nРаздел 4\nТом 4\n2025'), '4');
  assert.equal(ownVolume('24-017-КР.pdf', 'Состав тома: см. том 3'), null);
});

test('a cipher after «на листах» is not a sheet number; a referenced cipher is read with its parts', () => {
  assert.deepEqual(
    findSheetRefs('Оборудование показано на листах 57/19-ПС-ТХ.Б и на листе 4', 1).map((r) => r.sheet),
    [4],
  );
  assert.deepEqual(
    findCipherRefs('Трубопроводы см. раздел 57/19-ПС-ТХ.Б; узлы см. 57/19-ПС-ИТП.АК', 1).map((r) => r.cipher),
    ['57/19-ПС-ТХ.Б', '57/19-ПС-ИТП.АК'],
  );
  assert.deepEqual(
    findSheetRefs('Узлы см. 57/19-ПС-АР3.СО, лист 2', 1).map((r) => [r.sheet, r.cipher]),
    [[2, '57/19-ПС-АР3.СО']],
  );
});

test('a sheet of another document named by words, not by a cipher, is told apart with that document', () => {
  const [a, b] = findSheetRefs('Расчёт приведён на листах 81, 82 раздела ООС.', 1);
  assert.deepEqual([a!.sheet, b!.sheet, a!.other, a!.otherSection], [81, 82, 'раздела ООС', 'ООС']);
  const [c] = findSheetRefs('Исправлено, см. лист 10 текстовой части подраздела ИОС9.', 1);
  assert.deepEqual([c!.sheet, c!.otherSection], [10, 'ИОС9']);
  const [v] = findSheetRefs('Схема приведена на листе 3 тома 8.', 1);
  assert.deepEqual([v!.other, v!.otherSection], ['тома 8', undefined]);
  // the volume's own parts and plain words after the number name no other document
  assert.equal(findSheetRefs('см. лист 5 графической части.', 1)[0]!.other, undefined);
  assert.equal(findSheetRefs('см. лист 5 ПРИЛОЖЕНИЕ', 1)[0]!.other, undefined);
});
