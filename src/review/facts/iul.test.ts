import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compactName, readIul } from './iul.ts';

// the order a PDF gives the columns of an ИУЛ: headers first, the values after them, a title broken at the hyphen
const iulPage = (checksum: string, size: string, algorithm = 'CRC32') =>
  [
    'Информационно',
    '-',
    'удостоверяющий лист',
    'Номер п/п',
    'Обозначение документа',
    'Раздел ПД №5 Подраздел',
    'ПД№5 Книга 5 ИОС5.5',
    '1',
    'Алгоритм',
    'расчета',
    'Контрольная сумма',
    algorithm,
    checksum,
    'Наименование файла',
    'Дата и время последнего изменения файла',
    'Размер файла, байт',
    'Раздел ПД №5 Подраздел ПД№5 Книга 5',
    'ИОС5.5',
    '30.10.2025 15:37',
    size,
    'Разработал',
    '09.10.2025',
  ].join('\n');

test('an ИУЛ states the checksum, its algorithm and the size of its file', () => {
  const f = readIul(iulPage('C8A8F331', '1 579 057'))!;
  assert.equal(f.checksum, 'C8A8F331');
  assert.equal(f.algorithm, 'CRC32');
  assert.equal(f.size, 1579057);
  assert.ok(f.compactText.includes(compactName('Раздел ПД №5 Подраздел ПД№ 5 Книга 5 ИОС5.5.pdf')));
});

test('an MD5 checksum, hex digits typed with Cyrillic look-alikes, and a size without spaces are read', () => {
  const md5 = readIul(iulPage('25f9e794323b453885f5181f1b624d0b', '3645699', 'MD5'))!;
  assert.deepEqual([md5.checksum, md5.algorithm, md5.size], ['25F9E794323B453885F5181F1B624D0B', 'MD5', 3645699]);
  assert.equal(readIul(iulPage('С8А8F331', '1 579 057'))!.checksum, 'C8A8F331');
});

test('a page that is no ИУЛ, or an ИУЛ that states neither checksum nor size, gives nothing; years and dates are no size', () => {
  assert.equal(readIul('Пояснительная записка\nРазмер файла 2025'), null);
  assert.equal(readIul('Информационно-удостоверяющий лист\nРазмер файла, байт\n2025\n09.10.2025'), null);
});

test('the day of the file’s last change is the date printed with a time; the signatures’ days are the other dates', () => {
  const f = readIul(iulPage('C8A8F331', '1 579 057'))!;
  assert.equal(f.changedOn, '2025-10-30');
  assert.deepEqual(f.signedOn, ['2025-10-09']);
  const none = readIul(iulPage('C8A8F331', '1 579 057').replace('30.10.2025 15:37', '').replace('09.10.2025', '04.25'))!;
  assert.equal(none.changedOn, null);
  assert.deepEqual(none.signedOn, []);
});

test('dates of an ИУЛ that reaches the reader in pieces are read all the same', () => {
  const pieces = iulPage('C8A8F331', '8 374 160')
    .replace('30.10.2025 15:37', '3\n0\n.\n10\n.20\n25\n   \n1\n6\n:\n28')
    .replace('09.10.2025', '10\n.\n10\n. 202\n5');
  const f = readIul(pieces)!;
  assert.equal(f.changedOn, '2025-10-30');
  assert.deepEqual(f.signedOn, ['2025-10-10']);
});
