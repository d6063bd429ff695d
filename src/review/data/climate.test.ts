import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { REGION_CODES, STATIONS_2012, STATIONS_2020 } from './climate.generated.ts';
import { CLIMATE_EDITIONS, districtCandidates, editionAt, regionOfCode, stationNamed } from './climate.ts';

// tests run from the checkout's root (scripts/run-tests.mjs), the reading copies beside it
const ROOT = process.cwd();
const SOURCES = resolve(ROOT, '../shared/domain/sources');

test('every station names its source: the file, the edition, table 3.1 and its row', () => {
  assert.equal(STATIONS_2020.length, 441);
  assert.equal(STATIONS_2012.length, 467);
  for (const s of [...STATIONS_2020, ...STATIONS_2012]) {
    const t31 = s.src.find((x) => x.table === '3.1');
    assert.ok(t31, `${s.region} / ${s.name}: no table 3.1 source`);
    assert.equal(t31.edition, `СП 131.13330.${s.edition}`);
    assert.match(t31.file, /\.csv$/);
    assert.ok(Number.isInteger(t31.row) && t31.row >= 1, `${s.name}: row ${t31.row}`);
    if (s.jan !== null)
      assert.ok(
        s.src.some((x) => x.table === '5.1'),
        `${s.name}: January without table 5.1`,
      );
  }
  for (const c of REGION_CODES) assert.match(c.src, /tRegionCode/);
});

test('the rows read as the reading copies give them (spot values of the sources README)', () => {
  const moscow = STATIONS_2020.find((s) => s.name === 'Москва')!;
  assert.deepEqual([moscow.fiveDay, moscow.at8], [-26, { days: 204, mean: -2.2 }]);
  const spb = STATIONS_2020.find((s) => s.name === 'Санкт-Петербург')!;
  assert.deepEqual([spb.fiveDay, spb.at8], [-24, { days: 211, mean: -1.2 }]);
  assert.deepEqual(
    [STATIONS_2012.find((s) => s.name === 'Москва')!.fiveDay, STATIONS_2012.find((s) => s.name === 'Москва')!.at8],
    [-25, { days: 205, mean: -2.2 }],
  );
  // a note glued before the name and a footnote mark are not the station's name
  assert.ok(STATIONS_2020.find((s) => s.name === 'Владивосток')?.jan !== null);
  assert.ok(STATIONS_2020.every((s) => !/Примечание|\*/.test(s.name)));
});

test('the edition in force: 2020 from 25.06.2021, 2012 up to 2017; none held between', () => {
  assert.equal(editionAt('2023-04-01', '2023-04-01')?.edition, 2020);
  assert.equal(editionAt('2021-06-25', '2021-06-25')?.edition, 2020);
  assert.equal(editionAt('2021-01-01', '2021-12-31'), null);
  assert.equal(editionAt('2016-01-01', '2016-12-31')?.edition, 2012);
  assert.equal(editionAt('2019-05-01', '2019-05-01'), null);
  assert.equal(editionAt('2011-05-01', '2011-05-01'), null);
  assert.ok(CLIMATE_EDITIONS.every((e) => e.source.includes(e.designation)));
});

test('stations by name within the subject; a name two subjects share needs the subject', () => {
  const e = CLIMATE_EDITIONS[0]!;
  assert.equal(stationNamed(e, 'Нижний Новгород', null)?.region, 'Нижегородская область');
  assert.equal(stationNamed(e, 'нижний новгород', 'Нижегородская обл.')?.name, 'Нижний Новгород');
  assert.equal(stationNamed(e, 'Березово', null), null);
  assert.equal(stationNamed(e, 'Березово', 'Чукотский автономный округ')?.region, 'Чукотский автономный округ');
  assert.equal(stationNamed(e, 'Химки', 'Московская область'), null);
  assert.equal(stationNamed(e, 'Кострома', 'Ярославская область'), null);
  assert.equal(regionOfCode('77'), 'Московская область');
  assert.equal(regionOfCode('16'), 'Республика Татарстан (Татарстан)');
  assert.equal(regionOfCode('85'), null);
});

test('districts the temperatures of table 5.1 allow (table Б.1, within 1 °С of its bounds)', () => {
  const e = CLIMATE_EDITIONS[0]!;
  const of = (name: string) => districtCandidates(stationNamed(e, name, null)!);
  assert.ok(of('Москва')!.includes('IIВ'));
  assert.ok(!of('Москва')!.includes('IВ'));
  assert.ok(of('Екатеринбург')!.includes('IВ') && of('Екатеринбург')!.includes('IIВ'));
  assert.ok(of('Краснодар')!.includes('IIIБ'));
  assert.ok(!of('Самара')!.includes('IIIА'));
  assert.equal(districtCandidates({ ...stationNamed(e, 'Москва', null)!, jan: null }), null);
});

test('the generated module is what scripts/build-climate.ts builds from the sources (npm run climate:check)', {
  skip: !existsSync(SOURCES) && 'no ../shared/domain/sources here',
}, () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-climate.ts', '--check'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
});
