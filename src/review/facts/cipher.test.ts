import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCiphers } from './cipher.ts';

const one = (t: string) => parseCiphers(t)[0] ?? null;

test('ciphers of real-world shapes give base, mark and section', () => {
  assert.deepEqual(one('Шифр 24-017-КР2'), { cipher: '24-017-КР2', base: '24-017', mark: 'КР', section: 'КР' });
  assert.equal(one('П-2025-04.266-ИОС4.2')?.section, 'ИОС4');
  assert.equal(one('П-2025-04.266-ИОС4.2')?.base, 'П-2025-04.266');
  assert.equal(one('ЖС-РД-270121-П-ИОС3')?.base, 'ЖС-РД-270121-П');
  assert.equal(one('СГ-2404-КЖ2')?.section, 'КР');
  assert.equal(one('2345-12-ПЗУ')?.section, 'ПЗУ');
  assert.equal(one('24-017-ОВ1')?.section, 'ИОС4');
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
