import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { NORMS, REGISTRY_VERSION, SERIES_EDITIONS, UNKNOWN_DESIGNATIONS, type NormEntry } from '../data/norms.ts';
import { findNormRefs, lookupNorm, prepareForNorms } from './matcher.ts';
import { malformedDesignation } from './malformed.ts';
import { GENERATED_FILE, SOURCES_DIR, buildRegistry, isVerified, readRegistrySources, type RegistrySources, type SourceEntry } from './registry-build.ts';

const sources = readRegistrySources(SOURCES_DIR);

test('the generated registry is exactly what the sources build (npm run norms:build)', () => {
  assert.equal(readFileSync(GENERATED_FILE, 'utf8'), buildRegistry(sources));
  assert.equal(REGISTRY_VERSION, sources.registry.version);
});

test('every entry names its source; only unverified (U) and practice-mapped (P) entries may have none', () => {
  for (const file of Object.values(sources.entries)) {
    for (const e of file.entries) {
      assert.ok(e.source !== undefined, `${e.cited}: the field source is required (null only when there is none)`);
      if (e.source === null) assert.ok(e.ver === 'U' || e.ver === 'P', e.cited);
    }
  }
  for (const e of NORMS) if (e.ver === 'V' || e.ver === 'C') assert.notEqual(e.src, '—', e.cited);
  for (const u of UNKNOWN_DESIGNATIONS) assert.ok(u.src, u.cited);
  for (const s of SERIES_EDITIONS) assert.ok(s.src, s.series);
  assert.ok(NORMS.filter(isVerified).length > NORMS.length / 2, 'most entries are verified with a source');
});

const copy = (): RegistrySources => structuredClone(sources);
const withEntry = (e: Partial<SourceEntry>): RegistrySources => {
  const s = copy();
  s.entries.extra = {
    entries: [
      { cited: 'СНиП 9.99.99-99', title: 'Пробный', status: 'replaced', replacement: 'СП 1.13130.2020', ver: 'V', source: 'https://example.org', ...e },
    ],
  };
  return s;
};

test('the build refuses entries a finding could not rest on', () => {
  assert.doesNotThrow(() => buildRegistry(withEntry({})));
  assert.throws(() => buildRegistry(withEntry({ source: null })), /needs a source/);
  assert.throws(() => buildRegistry(withEntry({ source: 'Q' })), /source key Q/);
  assert.throws(() => buildRegistry(withEntry({ cited: 'Нормы 12' })), /not recognised by the norms matcher/);
  assert.throws(() => buildRegistry(withEntry({ cited: 'СНиП 2.01.07-85' })), /already listed/);
  assert.throws(() => buildRegistry(withEntry({ since: '01.01.2020' })), /ISO date/);
  assert.throws(() => buildRegistry(withEntry({ status: 'unknown' as 'replaced' })), /status/);
});

test('edition lists hold every edition the registry names and replace the listed never-issued years', () => {
  const s = copy();
  s.editions.series.push({ series: 'СП 999.13330', editions: [2012, 2020], source: 'https://example.org' });
  assert.doesNotThrow(() => buildRegistry(s));
  s.entries.extra = {
    entries: [{ cited: 'СП 999.13330.2012', title: '', status: 'replaced', replacement: 'СП 999.13330.2021', ver: 'V', source: 'https://example.org' }],
  };
  assert.throws(() => buildRegistry(s), /not among the editions of СП 999\.13330/);
  const t = copy();
  t.editions.series.push({ series: 'СП 999.13330', editions: [2012, 2020], source: 'https://example.org' });
  t.unknown.unknown.push({ cited: 'СП 999.13330.2019', replacement: '', reason: 'x', ambiguous: true, ver: 'C', source: 'A' });
  assert.throws(() => buildRegistry(t), /already tell it/);
  const u = copy();
  u.editions.series.push({ series: 'СП 999.13330', editions: [2020, 2012], source: 'https://example.org' });
  assert.throws(() => buildRegistry(u), /ascend/);
});

test('the same sources build the same text', () => {
  assert.equal(buildRegistry(copy()), buildRegistry(copy()));
});

test('entries added from public status pages are found in text in the spellings documents use', () => {
  const hit = (text: string) =>
    findNormRefs(prepareForNorms(text))
      .map((r) => lookupNorm(r))
      .find((e) => e !== null);
  assert.equal(hit('Электроустановки по ГОСТ Р 50571.1-2009 (МЭК 60364-1:2005)')?.replacement, 'ГОСТ 30331.1-2013');
  assert.equal(hit('в соответствии с ППБ 01-93')?.status, 'cancelled');
  assert.equal(hit('Приказом Минэнерго РФ от 13 января 2003 г. N 6 (ПТЭЭП)')?.cited, 'приказ Минэнерго России от 13.01.2003 № 6');
  assert.equal(hit('СП 14.13330.2011 «Строительство в сейсмических районах»')?.replacement, 'СП 14.13330.2018');
  assert.equal((hit('защита от поражения током — ГОСТ Р 50571.3-2009') as NormEntry | undefined)?.since, '2022-10-01');
  assert.equal(hit('нормоконтроль по ГОСТ 21.002-81')?.replacement, 'ГОСТ 21.002-2014');
  // СНиП 41-01-2003's preface («ВЗАМЕН СНиП 2.04.05-91», in force from 01.01.2004), then the registry's own entries on to the СП
  const heating = hit('Отопление и вентиляция — по СНиП 2.04.05-91*.') as NormEntry | undefined;
  assert.equal(heating?.ver, 'V');
  assert.equal(heating?.since, '2004-01-01');
  assert.equal(heating?.replacement, 'СП 60.13330.2020');
  assert.match(heating!.src, /ВЗАМЕН СНиП 2\.04\.05-91.*далее СНиП 41-01-2003 → СП 60\.13330\.2020/);
  // a list names it replaced, and its next edition exists (ГОСТ Р 21.101-2020's preface replaces ГОСТ Р 21.1101-2013): P
  const spds = hit('Основная надпись — по ГОСТ Р 21.1101-2009.') as NormEntry | undefined;
  assert.equal(spds?.ver, 'P');
  assert.equal(spds?.replacement, 'ГОСТ Р 21.101-2020');
  assert.match(spds!.src, /далее ГОСТ Р 21\.1101-2013 → ГОСТ Р 21\.101-2020/);
  // the current successors are not flagged
  for (const v of ['ГОСТ 30331.1-2013', 'приказ Минэнерго России от 12.08.2022 № 811', 'СП 14.13330.2018', 'ГОСТ Р 50571.4.41-2022', 'ГОСТ 21.002-2014'])
    assert.equal(hit(v), undefined, v);
});

const found = (text: string) =>
  findNormRefs(prepareForNorms(text))
    .map((r) => lookupNorm(r, 2026))
    .find((e) => e !== null) as NormEntry | undefined;

test("entries from the status catalogue and the successors' «Взамен» lines are found in the spellings documents use", () => {
  // spaces and dashes around the year, an asterisk, amendments after the designation
  assert.equal(found('фланцы по ГОСТ 12817 – 80*')?.replacement, 'ГОСТ 33259-2015');
  assert.equal(found('уголки стальные ГОСТ 8240-89 (с изм. № 1)')?.replacement, 'ГОСТ 8240-97');
  assert.equal(found('заземление по ГОСТ Р 50571.5.54 - 2013')?.replacement, 'ГОСТ Р 50571.5.54-2024');
  assert.equal(found('ГОСТ Р 50571.5.54-2013')?.ver, 'V');
  assert.equal(found('СП 74.13330.2011')?.replacement, 'СП 74.13330.2023');
  // its successor СНиП 2.01.07-85 is itself replaced: the registry's entries lead on to the norm in force
  assert.equal(found('нагрузки по СНиП II-6-74*')?.replacement, 'СП 20.13330.2016');
  assert.match(found('нагрузки по СНиП II-6-74*')!.src, /далее СНиП 2\.01\.07-85 → СП 20\.13330\.2016/);
  assert.equal(found('воздуховоды по ВСН 353-75')?.replacement, 'ВСН 353-86');
  // a succession only the obsolete-norms list names stays unconfirmed: a warning, not a finding
  assert.equal(found('ГОСТ 1233-67')?.ver, 'C');
  // their successors are not flagged (СНиП 2.01.07-85 is itself replaced, so it is not among them)
  for (const v of ['ГОСТ 33259-2015', 'ГОСТ 8240-97', 'ГОСТ Р 50571.5.54-2024', 'СП 74.13330.2023', 'ВСН 353-86']) assert.equal(found(v), undefined, v);
});

test('hygienic standards cancelled by the 2021 sanitary consolidation are found as documents cite them', () => {
  const gn = found('ПДК по ГН 2.2.5.2308-07');
  assert.equal(gn?.status, 'cancelled');
  assert.equal(gn?.since, '2021-03-01');
  assert.equal(gn?.replacement, 'СанПиН 1.2.3685-21');
  assert.equal(found('СанПиН 2.2.1/2.1.1.1278-03')?.ver, 'V');
  assert.equal(found('СанПиН 1.2.3685-21'), undefined);
});

test("entries from the current norms' own prefaces and the status catalogue's records of current norms are found as documents cite them", () => {
  // «Пересмотр СП 37.13330.2010 …» in the preface of СП 37.13330.2012: the 2010 edition existed and was replaced
  assert.equal(found('СП 37.13330.2010')?.replacement, 'СП 37.13330.2012');
  assert.equal(found('СНиП 2.05.07-91*')?.ver, 'V');
  assert.equal(found('бетон по ГОСТ 10180-90')?.replacement, 'ГОСТ 10180-2012');
  assert.equal(found('ГОСТ 12730.0 – 78')?.replacement, 'ГОСТ 12730.0-2020');
  // cancelled by the order that enacted the interstate standard made from it
  assert.equal(found('стеклопакеты по ГОСТ Р 54175-2010')?.since, '2016-04-01');
  // a successor under another number named by the preface alone stays a warning
  assert.equal(found('ГОСТ 10060.0-95')?.ver, 'C');
  // a decree the public status catalogue records as cancelled, with the date
  assert.equal(found('перечень по Постановлению Правительства РФ от 28.05.2021 № 815')?.since, '2024-09-01');
  // a successor under another number named by one catalogue record stays a warning
  assert.equal(found('ГОСТ 6141-91')?.ver, 'C');
  assert.equal(found('ГОСТ 13996-93')?.replacement, 'ГОСТ 13996-2019');
  for (const v of [
    'СП 37.13330.2012',
    'ГОСТ 10180-2012',
    'ГОСТ 12730.0-2020',
    'ГОСТ 24866-2014',
    'ГОСТ 10060-2012',
    'ГОСТ 13996-2019',
    'ПП РФ от 16.09.2020 № 1479',
  ])
    assert.equal(found(v), undefined, v);
});

test('norms in force are never reported: not out of force, not nonexistent, not malformed', () => {
  // in force at the registry's date (the status catalogue lists them as in force, and no source names a successor)
  const current = [
    'СП 60.13330.2020',
    'СП 30.13330.2020',
    'СП 54.13330.2022',
    'СП 118.13330.2022',
    'СП 20.13330.2016',
    'СП 22.13330.2016',
    'СП 16.13330.2017',
    'СП 63.13330.2018',
    'СП 256.1325800.2016',
    'СП 76.13330.2016',
    'СП 52.13330.2016',
    'СП 59.13330.2020',
    'СП 1.13130.2020',
    'СП 2.13130.2020',
    'СП 484.1311500.2020',
    'СП 131.13330.2020',
    'СП 42.13330.2016',
    'СП 48.13330.2019',
    'ГОСТ 33259-2015',
    'ГОСТ 10180-2012',
    'ГОСТ 21.110-2013',
    'ГОСТ 21.201-2011',
    'ГОСТ 21.602-2016',
    'ГОСТ 2.105-2019',
    'ГОСТ 30331.1-2013',
    'ГОСТ 31996-2012',
    'ГОСТ 31565-2012',
    'ГОСТ 34028-2016',
    'ГОСТ 26633-2015',
    'ГОСТ 22483-2021',
    'ГОСТ 18105-2018',
    'ГОСТ 12.1.004-91',
    'СП 4.13130.2013',
    'СП 17.13330.2017',
    'СП 29.13330.2011',
    'СП 45.13330.2017',
    'СП 70.13330.2012',
    'СП 71.13330.2017',
    'СП 73.13330.2016',
    'СП 82.13330.2016',
    'СП 129.13330.2019',
    'СП 140.13330.2024',
    'ГОСТ 8736-2014',
    'ГОСТ 25100-2020',
    'ГОСТ 30494-2011',
    'ГОСТ 31937-2024',
    'ГОСТ 27772-2021',
    'ГОСТ 23118-2019',
  ];
  for (const text of current) {
    for (const spelled of [text, `${text}*`, text.replace(/-(\d{4})$/, ' – $1'), `${text} (с изм. № 1, 2)`]) {
      const refs = findNormRefs(prepareForNorms(spelled));
      assert.equal(refs.length, 1, spelled);
      assert.equal(lookupNorm(refs[0]!, 2026), null, spelled);
      assert.equal(malformedDesignation(refs[0]!, 2026), null, spelled);
    }
  }
});
