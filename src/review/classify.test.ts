import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyFromText } from './classify.ts';

test('the cipher mark in the file name decides first', () => {
  assert.equal(classifyFromText('4. П-2025-04-266-КР.pdf', ''), 'КР');
  assert.equal(classifyFromText('пд/5.4. П-2025-04.266-ИОС4.2 Корр. 4.pdf', ''), 'ИОС4');
  assert.equal(classifyFromText('Раздел ПД № 2_ПЗУ2.pdf', ''), 'ПЗУ');
});

test('the title page names the section when the name does not', () => {
  assert.equal(classifyFromText('Том 5.pdf', 'ООО «Проект»\nПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nРаздел 9. Мероприятия по обеспечению пожарной безопасности'), 'ПБ');
  assert.equal(classifyFromText('scan.pdf', 'Раздел 4 Конструктивные и объемно-планировочные решения'), 'КР');
  assert.equal(classifyFromText('doc.pdf', 'Раздел 3. Объемно-планировочные и архитектурные решения'), 'АР');
});

test('nothing recognisable gives null', () => {
  assert.equal(classifyFromText('Том 5.pdf', 'Общие данные. Ведомость'), null);
});
