import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SECTION_CODES } from '../../kernel/docset.ts';
import { POINTS_2021, REPEALED_2021 } from './content-requirements.generated.ts';
import { CONTENT_REQUIREMENTS, CONTENT_SOURCES, requirementsFor } from './content-requirements.ts';
import { OLD_EDITION_TITLES } from './docset-2008.ts';

// tests run from the checkout's root (scripts/run-tests.mjs), the reading copies beside it
const ROOT = process.cwd();
const SOURCES = resolve(ROOT, '../shared/domain/sources');
const SOURCE_LIST = JSON.parse(readFileSync(resolve(ROOT, 'scripts/content-sources/sources.json'), 'utf8')) as { key: string }[];
const of2021 = CONTENT_REQUIREMENTS.filter((r) => r.edition === 'before_2022_09_01');
const of2022 = CONTENT_REQUIREMENTS.filter((r) => r.edition === 'from_2022_09_01');
const keyOf = (r: { point: string; letter: string | null }) => (r.letter === null ? r.point : `${r.point}:${r.letter}`);

test('every entry names a source of the list and the place in it; ids are unique', () => {
  const keys = new Set(SOURCE_LIST.map((s) => s.key));
  assert.deepEqual(Object.keys(CONTENT_SOURCES).sort(), [...keys].sort());
  for (const r of CONTENT_REQUIREMENTS) {
    assert.ok(keys.has(r.source.key), `${r.id}: source ${r.source.key} is not in sources.json`);
    assert.ok(r.source.where.trim().length > 3, `${r.id}: no place`);
    assert.ok(r.requirement.length > 5 && r.requirement.length <= 210, `${r.id}: requirement of ${r.requirement.length} characters`);
  }
  assert.equal(new Set(CONTENT_REQUIREMENTS.map((r) => r.id)).size, CONTENT_REQUIREMENTS.length);
});

test('every point and letter of п. 10–42 of the 2021 text is an item exactly once, with a part where the decree gives one', () => {
  // the split holds every point from 10 to 42 and the inserted letters (б(1), ж(1), б.1) the notes introduced
  assert.ok(POINTS_2021.length > 400, `${POINTS_2021.length} items`);
  for (const k of ['10:ж(1)', '10:к(1)', '13:б(1)', '13:б(2)', '14:о(1)', '22:п(3)', '27(1):ф', '32:б.1', '36:р(1)', '36:ш(1)', '38:р(1)', '11', '30', '39'])
    assert.ok(POINTS_2021.includes(k), `${k} is not in the split`);
  const seen = new Map<string, number>();
  for (const r of of2021) seen.set(keyOf(r), (seen.get(keyOf(r)) ?? 0) + 1);
  for (const k of POINTS_2021) assert.equal(seen.get(k), 1, `п. ${k}: ${seen.get(k) ?? 0} items`);
  assert.equal(of2021.length, POINTS_2021.length);
  for (const k of REPEALED_2021) assert.ok(!seen.has(k), `repealed ${k} is an item`);
  for (const r of of2021) {
    assert.equal(r.source.key, 'pp87-2021', r.id);
    assert.equal(r.id, `2021:${keyOf(r)}`);
    assert.ok(r.terms.length >= 1, `${r.id}: no terms`);
    assert.match(r.source.where, new RegExp(`^п\\. ${r.point.replace(/[()]/g, '\\$&')}(?![\\d(])`), r.id);
    // the decree splits these points into a text and a graphic part; п. 15, 27(1), 29 and 32 list items without one
    const splitPoints = [
      '10',
      '12',
      '13',
      '14',
      '16',
      '17',
      '18',
      '19',
      '20',
      '21',
      '22',
      '23',
      '24',
      '25',
      '26',
      '27',
      '34',
      '35',
      '36',
      '37',
      '38',
      '40',
      '41',
    ];
    if (splitPoints.includes(r.point)) assert.ok(r.part !== null, `${r.id}: no part`);
    else assert.equal(r.part, null, `${r.id}: part ${r.part}`);
  }
  // graphic parts as the decree opens them: «в графической части» before п. 13 «и», п. 14 «п», п. 36 «у»
  const part = (id: string) => of2021.find((r) => r.id === id)?.part;
  assert.deepEqual(
    [part('2021:13:з'), part('2021:13:и'), part('2021:14:о(1)'), part('2021:14:п'), part('2021:36:т'), part('2021:36:у')],
    ['text', 'graphic', 'text', 'graphic', 'text', 'graphic'],
  );
});

test('the 2022 items come only from the checklists and the schema annotations, numbered as they cite them', () => {
  assert.ok(of2022.length > 0);
  for (const r of of2022) {
    assert.ok(['moge-checklists-2026', 'minstroy-xsd-pz-01-07'].includes(r.source.key), `${r.id}: ${r.source.key}`);
    if (r.source.key === 'moge-checklists-2026') {
      assert.match(r.source.where, /^стр\. \d+/, r.id);
      assert.ok(r.letter, `${r.id}: a checklist cites a letter`);
    } else {
      assert.equal(r.letter, null, `${r.id}: the schema gives no letters`);
      assert.match(r.source.where, /^t[A-Za-z]+Object\/[A-Z][A-Za-z]+$/, r.id);
      assert.equal(r.sections.join(), 'ПЗ', r.id);
    }
    // the project's own words, not the decree's 2021 sentence copied over
    const old = of2021.find((o) => o.objects === r.objects && o.point === r.point && o.letter === r.letter);
    if (old) assert.notEqual(r.requirement, old.requirement, r.id);
  }
});

test("sections are codes of the reference, or the 2021 composition's own ЭЭ", () => {
  const codes = new Set([...SECTION_CODES, ...Object.keys(OLD_EDITION_TITLES)]);
  for (const r of CONTENT_REQUIREMENTS) {
    assert.ok(r.sections.length >= 1, `${r.id}: no section`);
    for (const s of r.sections) assert.ok(codes.has(s), `${r.id}: ${s} is no section code`);
    // the set model classifies ИОС7 as ТХ and ПОД as ПОС: the data uses the codes a document gets
    assert.ok(!r.sections.includes('ИОС7') && !r.sections.includes('ПОД'), r.id);
    if (r.edition === 'from_2022_09_01') assert.ok(!r.sections.includes('ЭЭ'), `${r.id}: ЭЭ is no section from 01.09.2022`);
  }
  assert.ok(of2021.filter((r) => r.point === '27(1)').every((r) => r.sections.join() === 'ЭЭ'));
  assert.ok(of2021.filter((r) => r.point === '24').every((r) => r.sections.join() === 'ПОС' && r.when === 'demolition'));
});

test('terms are phrases of word stems the matcher reads: lower case, е for ё, no preposition, 1–6 per item', () => {
  const stop = new Set(['в', 'во', 'на', 'о', 'об', 'по', 'с', 'со', 'из', 'для', 'при', 'от', 'до', 'за', 'и', 'или']);
  for (const r of CONTENT_REQUIREMENTS) {
    assert.ok(r.terms.length >= 1 && r.terms.length <= 6, `${r.id}: ${r.terms.length} phrases`);
    assert.equal(new Set(r.terms).size, r.terms.length, `${r.id}: a phrase twice`);
    for (const phrase of r.terms) {
      assert.equal(phrase, phrase.toLowerCase().replace(/ё/g, 'е'), `${r.id}: «${phrase}»`);
      const stems = phrase.split(' ');
      assert.ok(stems.length <= 5, `${r.id}: «${phrase}» is longer than the matcher's window wants`);
      for (const stem of stems) {
        assert.ok(!stop.has(stem), `${r.id}: «${phrase}» has a preposition`);
        assert.ok(stem.length >= 3 || /^\d/.test(stem) || stem === 'тп', `${r.id}: stem «${stem}»`);
        assert.match(stem, /^[а-яa-z0-9-]+$/, `${r.id}: stem «${stem}»`);
      }
      // a lone stem must be a distinctive word, not a common one
      if (stems.length === 1) assert.ok(!['проект', 'сведен', 'раздел', 'план', 'схем', 'описан'].some((w) => phrase.startsWith(w)), `${r.id}: «${phrase}»`);
    }
  }
});

test("conditions are the decree's own: production, non-production, residential, underground, demolition; others unknown with the words", () => {
  const byId = new Map(CONTENT_REQUIREMENTS.map((r) => [r.id, r]));
  assert.equal(byId.get('2021:10:д')?.when, 'production');
  assert.equal(byId.get('2021:13:л')?.when, 'nonproduction');
  assert.equal(byId.get('2021:14:ж')?.when, 'underground');
  assert.equal(byId.get('2021:16:ж(2)')?.when, 'residential');
  assert.equal(byId.get('2021:36:п')?.when, 'unknown');
  assert.equal(byId.get('2021:36:п')?.condition, 'для автомобильных дорог');
  assert.equal(byId.get('2021:10:м')?.when, undefined);
  for (const r of CONTENT_REQUIREMENTS) assert.equal(r.when === undefined, r.condition === undefined, `${r.id}: when and condition go together`);
});

test('requirementsFor: the section, the edition and the kind of object choose the items', () => {
  const pz = requirementsFor('ПЗ', 'before_2022_09_01', 'nonlinear');
  assert.ok(pz.some((r) => r.id === '2021:10:м') && pz.every((r) => r.sections.includes('ПЗ') && r.objects === 'nonlinear'));
  assert.ok(requirementsFor('ПЗ', 'before_2022_09_01', 'linear').every((r) => r.point === '34'));
  // a mark of the reference is read as its section: ПОД is ПОС, ИОС7 is ТХ
  assert.deepEqual(requirementsFor('ПОД', 'before_2022_09_01', 'nonlinear'), requirementsFor('ПОС', 'before_2022_09_01', 'nonlinear'));
  assert.ok(requirementsFor('ИОС7', 'before_2022_09_01', 'nonlinear').some((r) => r.id === '2021:22:а'));
  assert.equal(requirementsFor('ЭЭ', 'before_2022_09_01', 'nonlinear').length, 20);
  assert.equal(requirementsFor('ЭЭ', 'from_2022_09_01', 'nonlinear').length, 0);
  assert.ok(requirementsFor('ПЗ', 'from_2022_09_01', 'nonlinear').every((r) => r.edition === 'from_2022_09_01'));
  assert.deepEqual(requirementsFor('НЕТ', 'before_2022_09_01', 'nonlinear'), []);
});

test('the generated module is what scripts/build-content-requirements.ts builds from the sources (npm run content:check)', {
  skip: !existsSync(SOURCES) && 'no ../shared/domain/sources here: the reading copies are not part of the project',
}, () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-content-requirements.ts', '--check', SOURCES], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
});
