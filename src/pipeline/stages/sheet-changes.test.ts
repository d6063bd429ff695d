import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FULL_ROLES, writePdf, type PageSpec } from '../../../test/review/fixtures.ts';
import { compareSheets, pageDigest, readEdition, revisionNorms } from './sheet-changes.ts';

const SETTINGS = { pdfReader: 'auto' as const, timeoutMs: 60_000, tesseractBin: 'tesseract', xsdDir: '' };

const sheet = (n: number, text: string): PageSpec => ({
  lines: [`Архитектурные решения. ${text}`],
  stamp: n === 1 ? { cipher: '24-017-АР', sheet: 1, sheets: 4, roles: FULL_ROLES } : { cipher: '24-017-АР', sheet: n, short: true },
});

test('sheets compared by their numbers: the same text unchanged, another changed, a new number added, a gone one removed', () => {
  const a = new Map([
    ['1', pageDigest('Лист 1')],
    ['2', pageDigest('Лист 2')],
    ['10', pageDigest('Лист 10')],
  ]);
  const b = new Map([
    ['1', pageDigest('Лист  1\n')],
    ['2', pageDigest('Лист 2, изм. 1')],
    ['2.1', pageDigest('Вставленный лист')],
  ]);
  assert.deepEqual(compareSheets(a, b), { changed: ['2'], unchanged: ['1'], added: ['2.1'], removed: ['10'] });
});

test('two editions of a volume read again: the sheet whose text changed is found by its title block', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sheets-'));
  try {
    const before = join(dir, 'before.pdf');
    const after = join(dir, 'after.pdf');
    await writePdf(before, [sheet(1, 'Общие данные'), sheet(2, 'Снеговая нагрузка по СНиП 2.01.07-85*'), sheet(3, 'План 1-го этажа')]);
    await writePdf(after, [sheet(1, 'Общие данные'), sheet(2, 'Снеговая нагрузка по СП 20.13330.2016'), sheet(3, 'План 1-го этажа'), sheet(4, 'План кровли')]);
    const was = (await readEdition(before, 1, SETTINGS, join(dir, 'work')))?.digests;
    const now = (await readEdition(after, 1, SETTINGS, join(dir, 'work')))?.digests;
    assert.ok(was && now);
    assert.deepEqual([...now.keys()], ['1', '2', '3', '4'], 'every sheet number read from its title block');
    assert.deepEqual(compareSheets(was, now), { changed: ['2'], unchanged: ['1', '3'], added: ['4'], removed: [] });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("the same reading gives the norms each edition cites, where, the one gone and the registry's replacement", async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sheet-norms-'));
  try {
    const before = join(dir, 'before.pdf');
    const after = join(dir, 'after.pdf');
    await writePdf(before, [sheet(1, 'Общие данные'), sheet(2, 'Снеговая нагрузка по СНиП 2.01.07-85*'), sheet(3, 'Водопровод по СНиП 2.04.01-85*')]);
    await writePdf(after, [sheet(1, 'Общие данные'), sheet(2, 'Снеговая нагрузка по СП 20.13330.2016'), sheet(3, 'Водопровод по СНиП 2.04.01-85*')]);
    const was = await readEdition(before, 1, SETTINGS, join(dir, 'work'));
    const now = await readEdition(after, 1, SETTINGS, join(dir, 'work'));
    assert.ok(was && now);
    const norms = revisionNorms(now.norms, was.norms);
    assert.deepEqual(
      norms.cited.map((c) => [c.key, c.year, c.places]),
      [
        ['СП 20.13330', 2016, [{ page: 2, sheet: '2' }]],
        ['СНИП 2.04.01', 1985, [{ page: 3, sheet: '3' }]],
      ],
    );
    assert.deepEqual(norms.dropped, [{ designation: 'СНИП 2.01.07-85', key: 'СНИП 2.01.07', year: 1985 }]);
    // СНиП 2.04.01-85* is still cited: what replaced it is known, so an answer naming it is recognised
    assert.ok(
      norms.replacements.some((r) => r.key === 'СП 30.13330' && r.year === 2020),
      JSON.stringify(norms.replacements),
    );
    assert.ok(!norms.replacements.some((r) => r.key === 'СП 20.13330'), 'a replacement the edition cites is among the cited');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
