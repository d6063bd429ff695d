import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NORMS, REGISTRY_VERSION, SERIES_EDITIONS, UNKNOWN_DESIGNATIONS, type UnknownDesignation } from '../data/norms.ts';
import { findNormRefs, lookupNorm, prepareForNorms } from './matcher.ts';

const hit = (text: string) =>
  findNormRefs(prepareForNorms(text))
    .map((r) => lookupNorm(r))
    .find((e) => e !== null)?.cited ?? null;

test('the registry is versioned, has at least 60 entries and marks each with V/P/C/U', () => {
  assert.match(REGISTRY_VERSION, /^\d{4}-\d{2}\.\d+$/);
  assert.ok(NORMS.length >= 60);
  for (const e of NORMS) assert.ok(['V', 'P', 'C', 'U'].includes(e.ver), e.cited);
});

test('every registry designation is found in text and maps back to its own entry', () => {
  for (const e of NORMS) assert.equal(hit(`согласно ${e.cited} принято`), e.cited, e.cited);
});

test('spelling variants of a СНиП are recognised', () => {
  for (const v of [
    'СНиП 2.01.07-85*',
    'СНиП 2.01.07-85 *',
    'CНиП 2.01.07-85',
    'SNiP 2.01.07-85',
    'Снип 2.01.07‑85',
    'СНИП 2.01.07–85**',
    'СНиП 2. 01. 07-85',
  ]) {
    assert.equal(hit(v), 'СНиП 2.01.07-85*', v);
  }
  assert.equal(hit('СНиП 11-23-81*'), 'СНиП II-23-81*');
  assert.equal(hit('СНиП ll-23-81'), 'СНиП II-23-81*');
  assert.equal(hit('СНиП 12.03-2001'), 'СНиП 12-03-2001');
});

test('old editions of a СП are found with 2-digit years, stray spaces and a line break inside', () => {
  assert.equal(hit('СП 50.13330.2012'), 'СП 50.13330.2012');
  assert.equal(hit('СП50.13330.12'), 'СП 50.13330.2012');
  assert.equal(hit('СП 60.13330.\n2016 «Отопление»'), 'СП 60.13330.2016');
  assert.equal(hit('CП 54.1330.2011'), 'СП 54.13330.2011');
  assert.equal(hit('SP 5.13130.2009'), 'СП 5.13130.2009');
  assert.equal(hit('CP 50.13330.2012'), 'СП 50.13330.2012');
});

test('a year drawn in spaced pieces is read whole; a year already whole takes nothing after it', () => {
  const years = (t: string) => findNormRefs(prepareForNorms(t)).map((r) => `${r.key} ${r.year}`);
  assert.deepEqual(years('по СП 134.13330.20 2 2 и СП 50.13330.20 12'), ['СП 134.13330 2022', 'СП 50.13330 2012']);
  assert.deepEqual(years('ГОСТ 21.101-20 20'), ['ГОСТ 21.101 2020']);
  assert.equal(hit('СП 50.13330.2 012'), 'СП 50.13330.2012');
  assert.deepEqual(years('СП 60.13330.2020 2 листа'), ['СП 60.13330 2020']);
  assert.deepEqual(years('ГОСТ 21.501-2018 1 3'), ['ГОСТ 21.501 2018']);
});

test('ГОСТ with Latin «P», without «Р» and with international prefixes', () => {
  assert.equal(hit('ГОСТ P 21.1101-2013'), 'ГОСТ Р 21.1101-2013');
  assert.equal(hit('ГОСТ 21.1101-2013'), 'ГОСТ Р 21.1101-2013');
  assert.equal(hit('ГОСТР 21.1101-2009'), 'ГОСТ Р 21.1101-2009');
  assert.equal(hit('ГОСТ Р МЭК 62305-3-2010'), 'ГОСТ Р МЭК 62305-3-2010');
});

test('current editions, undated references and unrelated numbers are not flagged', () => {
  for (const v of [
    'СП 50.13330.2024',
    'СП 20.13330.2016',
    'СП 20.13330',
    'ГОСТ 21.110-2013',
    'СП 2.4.3648-20',
    'ГОСТ Р 21.101',
    'лист 2.01.07-85',
    'ПП РФ от 16.09.2020 № 1479',
    'СанПиН 1.2.3685-21',
  ]) {
    assert.equal(hit(v), null, v);
  }
});

test('sanitary rules, fire norms, ВСН and decrees', () => {
  assert.equal(hit('СанПиН 2.1.2.2645-10'), 'СанПиН 2.1.2.2645-10');
  assert.equal(hit('НПБ 88-2001*'), 'НПБ 88-2001*');
  assert.equal(hit('НПБ 110-03'), 'НПБ 110-03');
  assert.equal(hit('ВСН 59-88'), 'ВСН 59-88');
  assert.equal(hit('Постановление Правительства РФ от 25.04.2012 № 390'), 'ПП РФ от 25.04.2012 № 390');
  assert.equal(hit('СП 31-110-2003'), 'СП 31-110-2003');
  assert.equal(hit('ППБ 01-03'), 'ППБ 01-03');
  assert.equal(hit('ППБ01-03'), 'ППБ 01-03');
  assert.equal(hit('СанПиН 2.1.4.1074-01'), 'СанПиН 2.1.4.1074-01');
  // hygienic standards, cancelled with the СанПиН 1.2.3685-21 consolidation, and their joined-up spellings
  assert.equal(hit('ПДК по ГН 2.2.5.2308-07'), 'ГН 2.2.5.2308-07');
  assert.equal(hit('ГН2.1.6.2309-07'), 'ГН 2.1.6.2309-07');
  assert.equal(hit('ГН 2.1.8/2.2.4.2262-07'), 'ГН 2.1.8/2.2.4.2262-07');
  assert.equal(hit('СНиП 2.03.01-84*'), 'СНиП 2.03.01-84*');
  // another ППБ of the same number is another document, with an entry of its own or none
  assert.equal(hit('ППБ 01-93'), 'ППБ 01-93');
  assert.equal(hit('ППБ 01-99'), null);
});

test('earlier editions of codes whose new edition is in force', () => {
  assert.equal(hit('СП 52.13330.2011'), 'СП 52.13330.2011');
  assert.equal(hit('СП 4.13130.2009'), 'СП 4.13130.2009');
  assert.equal(hit('ГОСТ Р 53778-2010'), 'ГОСТ Р 53778-2010');
  for (const v of ['СП 52.13330.2016', 'СП 4.13130.2013', 'СП 14.13330.2018', 'ГОСТ 31937-2024']) assert.equal(hit(v), null, v);
});

const entry = (text: string) =>
  findNormRefs(prepareForNorms(text))
    .map((r) => lookupNorm(r))
    .find((e) => e !== null) ?? null;

test('every designation that does not exist is found in text and maps back to its own entry', () => {
  for (const e of UNKNOWN_DESIGNATIONS) {
    const found = entry(`согласно ${e.cited} принято`);
    assert.equal(found?.cited, e.cited, e.cited);
    assert.equal(found?.status, 'unknown', e.cited);
  }
});

test('hybrids and typos of designations are told from the real norms they resemble', () => {
  assert.equal(hit('ГОСТ Р 21.101-2013'), 'ГОСТ Р 21.101-2013');
  assert.equal(hit('ГОСТ 21.101-2013'), 'ГОСТ Р 21.101-2013');
  assert.equal(hit('ГОСТ 70.13330.2012'), 'ГОСТ 70.13330.2012');
  assert.equal(hit('СП 26.1325800.2016'), 'СП 26.1325800.2016');
  assert.equal(hit('СП 131.1330.2020'), 'СП 131.1330.2020');
  assert.equal(hit('СП 484.131500.2020'), 'СП 484.131500.2020');
  assert.equal(hit('при распознавании: СО 2507-1-2015'), 'СО 2507-1-2015');
  // the real ones
  for (const v of [
    'ГОСТ Р 21.1101-2013',
    'ГОСТ Р 21.101-2020',
    'СП 70.13330.2012',
    'СП 256.1325800.2016',
    'СП 131.13330.2020',
    'СП 484.1311500.2020',
    'ГОСТ Р ИСО 2507-1-2015',
    'СО 153-34.21.122-2003',
    'ГОСТ 21.601-2011',
  ]) {
    assert.notEqual(entry(v)?.status, 'unknown', v);
  }
});

test('a «Р» left out of a real ГОСТ is a spelling, not a designation that does not exist', () => {
  assert.equal(entry('ГОСТ 21.101-2020')?.cited, 'ГОСТ Р 21.101-2020');
  assert.equal(entry('ГОСТ 21.101-2020')?.status, 'replaced');
  assert.equal(entry('ГОСТ 21.1101-2013')?.status, 'replaced');
});

test('another СП with a mistyped register code is a designation that does not exist, unless it is a superseded edition', () => {
  const e = entry('СП 60.1330.2020');
  assert.equal(e?.status, 'unknown');
  assert.equal(e?.cited, 'СП 60.1330.2020');
  assert.equal(e?.replacement, 'СП 60.13330.2020');
  assert.equal(entry('СП 486.131500.2020')?.replacement, 'СП 486.1311500.2020');
  assert.equal(entry('CП 54.1330.2011')?.status, 'replaced');
  assert.equal(entry('СП 60.13330.2020'), null);
});

test('a СП number under ГОСТ is a designation that does not exist, however its year is separated', () => {
  for (const v of ['ГОСТ 70.13330.2012', 'ГОСТ 70.13330-2012', 'ГОСТ 70.13330.\n2012', 'ГОСТ Р 70.13330.2012']) assert.equal(hit(v), 'ГОСТ 70.13330.2012', v);
  const e = entry('ГОСТ 63.13330.2018');
  assert.equal(e?.status, 'unknown');
  assert.equal(e?.replacement, 'СП 63.13330.2018');
  for (const v of ['ГОСТ 2.105-2019', 'ГОСТ Р 21.1101-2013', 'ГОСТ 31937-2011', 'ГОСТ Р 50571.5.52-2011', 'ГОСТ 12.1.004-91'])
    assert.notEqual(entry(v)?.status, 'unknown', v);
});

test('no superseded entry and no replacement named by the registry is taken for a designation that does not exist', () => {
  for (const e of NORMS) {
    assert.notEqual(entry(e.cited)?.status, 'unknown', e.cited);
    for (const ref of findNormRefs(prepareForNorms(e.replacement))) assert.notEqual(lookupNorm(ref)?.status, 'unknown', `${e.cited} → ${ref.raw}`);
  }
  for (const e of UNKNOWN_DESIGNATIONS) {
    for (const ref of findNormRefs(prepareForNorms(e.replacement))) assert.notEqual(lookupNorm(ref)?.status, 'unknown', `${e.cited} → ${ref.raw}`);
  }
});

test('a СНиП listed without its prefix right after another one is read as a СНиП', () => {
  const refs = (t: string) =>
    findNormRefs(prepareForNorms(t))
      .filter((r) => r.type === 'СНИП')
      .map((r) => `${r.key}-${r.year}`);
  assert.deepEqual(refs('Монтаж вести по СНиП 3.05.06-85*, 3.02.01-87 и 3.04.01-87.'), ['СНИП 3.05.06-1985', 'СНИП 3.02.01-1987', 'СНИП 3.04.01-1987']);
  assert.deepEqual(refs('по СНиП 2.01.07-85 (с изм. 1), 3.01.03-84'), ['СНИП 2.01.07-1985', 'СНИП 3.01.03-1984']);
  const [, second] = findNormRefs(prepareForNorms('требования СНиП 3.05.06-85, 3.02.01-87.'));
  assert.equal(lookupNorm(second!)?.replacement, 'СП 45.13330.2017');
  // a number after a list of other things, a date, a sheet range: not a СНиП
  assert.deepEqual(refs('СНиП 2.01.07-85, лист 3.01-12'), ['СНИП 2.01.07-1985']);
  assert.deepEqual(refs('СНиП 2.01.07-85, 12.03.2020'), ['СНИП 2.01.07-1985']);
  assert.deepEqual(refs('Расходы 3.01.04-87 и СП 20.13330.2016'), []);
});

test('a СП edition its series never had names no norm and the edition meant, from the registry edition lists', () => {
  const e = entry('по СП 42.13330.2019 «Градостроительство»');
  assert.equal(e?.status, 'unknown');
  assert.equal(e?.cited, 'СП 42.13330.2019');
  assert.equal(e?.replacement, 'СП 42.13330.2016', 'the edition in force in 2019');
  assert.equal((e as UnknownDesignation).ambiguous, false);
  assert.match((e as UnknownDesignation).reason, /изданы редакции 2011, 2016, 2026 годов/);
  assert.equal(entry('СП 15.13330-2019')?.replacement, 'СП 15.13330.2020', 'a year one off is a typo of that edition');
  assert.equal(entry('СП 73.13330.2022')?.replacement, 'СП 73.13330.2016');
  assert.equal(entry('SP 5.13130.2013')?.replacement, 'СП 5.13130.2009');
  // after the last listed edition a newer one may exist: only a question
  assert.equal((entry('СП 63.13330.2025') as UnknownDesignation | null)?.ambiguous, true);
  // years before the registers began or still to come are malformed designations, not missing editions
  assert.equal(entry('СП 63.13330.2008'), null);
  assert.equal(lookupNorm(findNormRefs(prepareForNorms('СП 63.13330.2030'))[0]!, 2026), null);
  // every listed edition is real; series without a list are not judged
  for (const s of SERIES_EDITIONS) for (const y of s.editions) assert.notEqual(entry(`${s.series}.${y}`)?.status, 'unknown', `${s.series}.${y}`);
  assert.equal(entry('СП 70.13330.2019'), null);
});

test('decrees, federal laws, ministry orders and РД are read in the spellings documents use', () => {
  const keys = (t: string) => findNormRefs(prepareForNorms(t)).map((r) => r.key);
  for (const v of [
    'ПП РФ от 25.04.2012 № 390',
    'Постановление Правительства РФ от 25.04.2012 г. N 390',
    'постановлением Правительства Российской Федерации от 25 апреля 2012 года № 390',
    'ПП РФ № 390 от 25.04.2012',
    'ППРФ №390 от 25.04.2012г.',
  ])
    assert.deepEqual(keys(v), ['ПП 390-2012'], v);
  for (const v of [
    'Федеральный закон от 22.07.2008 № 123-ФЗ',
    'Федеральным законом от 22 июля 2008 г. N 123-ФЗ',
    'федерального закона РФ от 22.07.2008 №123-ФЗ',
    'Федеральный закон от 22 июля 2008 г . № 123-ФЗ',
    'Закон Российской Федерации от 22.07.2008 № 123-ФЗ',
    'Федеральный закон «Технический регламент о требованиях пожарной безопасности» от 22.07.08 г.№123-ФЗ',
  ])
    assert.deepEqual(keys(v), ['ФЗ 123-2008'], v);
  assert.deepEqual(keys('по 123-ФЗ «Технический регламент»'), [], 'a law without its date is not told from others of its number');
  assert.deepEqual(keys('Водный Кодекс РФ от 03.06.2006. №74-ФЗ; Земельный кодекс РФ от 25.10.2001 №136-ФЗ'), ['ФЗ 74-2006', 'ФЗ 136-2001']);
  // a Word-made text layer: pieces of words on lines of their own
  assert.deepEqual(keys('Федеральный закон от 30.12.2009 № 384\n-\nФЗ «Технич\nеский регламент»; С\nанПиН 2.1.3684\n-\n21; С\nн\nиП 11\n-\n02\n-\n96'), [
    'ФЗ 384-2009',
    'САНПИН 2.1.3684',
    'СНИП 11.02',
  ]);
  assert.deepEqual(keys('ГОСТ 21,206-2012 СПДС'), ['ГОСТ 21.206']);
  assert.deepEqual(keys('законом Московской области от 30.12.2014 № 191/2014-ОЗ'), [], 'a law of a region is not a federal law');
  assert.deepEqual(keys('Сн ип, С н'), [], 'letters alone are no norm');
  for (const v of [
    'приказ Минэнерго России от 13.01.2003 № 6',
    'Приказом Минэнерго РФ от 13 января 2003 г. N 6',
    'приказ Минэнерго № 6 от 13.01.2003',
    'ПРИКАЗ МИНЭНЕРГО ОТ 13.01.2003 №6',
  ])
    assert.deepEqual(keys(v), ['ПРИКАЗ МИНЭН 6-2003'], v);
  assert.deepEqual(keys('приказом Минстроя России от 14.12.2021 № 926/пр'), ['ПРИКАЗ МИНСТ 926-2021']);
  assert.deepEqual(keys('РД 34.21.122-87 и РД 78.145-93'), ['РД 34.21.122', 'РД 78.145']);
  assert.deepEqual(keys('шифр 24-017-РД 12-2024, стадия РД'), [], 'a cipher of working documentation is not a РД');
  assert.deepEqual(keys('ВСН 59-88, МДС 81-35.2004'), ['ВСН 59-88', 'МДС 81-35']);
});
