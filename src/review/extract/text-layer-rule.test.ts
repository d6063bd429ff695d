import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hasTextLayer, misreadTextLayer, textLayerState } from './text-layer-rule.mjs';

const garbled =
  'CMETA HA npoeKTHr,re rr rr3brcKaTeJrbcKrre pa6oTbr. Hauuenonanue npoeKTnoft oprauus aLuuv: Ilepeveur BbINOJIH.IEMbIX pa6or no o6texra. '.repeat(3);

test('Cyrillic put in Latin look-alikes is no text; Russian, English and a drawing’s Latin marks are', () => {
  assert.equal(misreadTextLayer(garbled), true);
  assert.equal(textLayerState(garbled), 'misread');
  const russian = 'Проектная документация разработана на основании задания на проектирование и градостроительного плана. '.repeat(4);
  assert.equal(misreadTextLayer(russian), false);
  const english = 'The service reviews the documents of the project and writes its findings in the report for the designer. '.repeat(4);
  assert.equal(misreadTextLayer(english), false);
  // a drawing of codes and marks in Latin letters beside Russian captions
  const marks = `Ведомость рабочих чертежей. ${'PE-100 SDR17 DN110 L=25m, KNS-1, PK12+50, UGV 2.5m. '.repeat(8)}`;
  assert.equal(misreadTextLayer(marks), false);
  assert.equal(misreadTextLayer('pa6oTbr npoeKTHr'), false, 'too few letters to judge');
  // up to one Cyrillic letter (Ё and ё included) to ten Latin ones the page may still be misread; past that it is Russian
  const tenth = Math.floor(garbled.replace(/[^A-Za-z]/g, '').length / 10);
  assert.equal(misreadTextLayer(`${garbled} ${'ё'.repeat(tenth)}`), true);
  assert.equal(misreadTextLayer(`${garbled} ${'Ё'.repeat(tenth + 1)}`), false);
});

test('a page without ten visible characters has no text layer', () => {
  assert.equal(hasTextLayer('  Лист 3  '), false);
  assert.equal(textLayerState(''), 'none');
  assert.equal(textLayerState('Пояснительная записка'), 'text');
  assert.equal(hasTextLayer('Пояснительная записка'), true);
});
