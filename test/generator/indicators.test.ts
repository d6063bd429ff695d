import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSet } from './generate.ts';
import { pdfPages } from './inspect.ts';
import { tepTable } from './content/tep.ts';
import type { BuildCtx } from './content/common.ts';
import { makeFacts } from './facts.ts';
import { Rng } from './rng.ts';
import type { GeneratedSet } from './types.ts';

const flat = (s: string): string => s.replace(/\s+/g, ' ');
/** «3 183» / «3183» / «0,298» as a number. */
const numberOf = (s: string): number => Number(s.replace(/[\s\u00a0]/g, '').replace(',', '.'));

async function textOf(set: GeneratedSet, code: string): Promise<string> {
  const f = set.files.find((x) => x.kind === code && x.format === 'pdf');
  assert.ok(f, `${code} is in the set`);
  return flat((await pdfPages(f.path)).join(' '));
}

async function withSet<T>(spec: Parameters<typeof generateSet>[0], use: (set: GeneratedSet) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'drs-ind-'));
  try {
    return await use(await generateSet(spec, dir));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const plotInPzu = (t: string) =>
  numberOf(/площадь участка — ([\d\s\u00a0]+)/.exec(t)?.[1] ?? /Площадь земельного участка (?:м²|м2|кв\. м) ([\d\s\u00a0]+)/.exec(t)?.[1] ?? 'NaN');
const hectaresInPz = (t: string) => numberOf(/(?:Площадь земельного участка —|Площадь участка по ГПЗУ составляет) (\d+,\d+) га/.exec(t)?.[1] ?? 'NaN');
/** The demolished building's year, under its label or in a sentence of ПОС («Здание построено в 1968 году»). */
const yearIn = (t: string) => Number(/(?:[Гг]од постройки (?:существующего )?здания — |склада\. Здание построено в )(\d{4})/.exec(t)?.[1]);

test('a clean set states the plot, the demolished building and their traps consistently', async () => {
  await withSet({ seed: 301, formats: ['pdf'], defects: [], sections: ['ПЗ', 'ПЗУ', 'АР', 'ПОС'] }, async (set) => {
    const [pz, pzu, pos] = [await textOf(set, 'ПЗ'), await textOf(set, 'ПЗУ'), await textOf(set, 'ПОС')];
    const plot = plotInPzu(pzu);
    const ha = hectaresInPz(pz);
    assert.ok(Number.isFinite(plot) && Number.isFinite(ha), 'both volumes state the plot area');
    // the hectares are the m² rounded (two decimals, three when the second is 0)
    assert.ok(Math.abs(ha * 10000 - plot) <= 50, `${ha} га against ${plot} м²`);
    const improved = numberOf(/в границах благоустройства \(с учетом прилегающей территории\) — ([\d\s\u00a0]+)/.exec(pzu)?.[1] ?? 'NaN');
    assert.ok(improved > plot, 'the landscaped territory is larger than the plot');
    const year = yearIn(pz);
    assert.ok(year >= 1955 && year <= 1989);
    assert.equal(yearIn(pos), year, 'ПЗ and ПОС give one year');
    assert.match(pzu, new RegExp(`жилого дома ${year + 7} года постройки`), 'the neighbour has a year of its own');
  });
});

test('planting the plot area changes it in one volume only, on the pages recorded', async () => {
  for (const variant of [6, 7]) {
    await withSet({ seed: 310 + variant, formats: ['pdf'], defects: [{ kind: 'consistency.area', variant }], sections: ['ПЗ', 'ПЗУ', 'АР'] }, async (set) => {
      const d = set.planted[0]!;
      assert.match(d.detail, /площадь земельного участка ([\d\s]+) вместо ([\d\s]+)/);
      const [, after, before] = /площадь земельного участка ([\d\s]+) вместо ([\d\s]+)/.exec(d.detail)!;
      const target = set.files.find((f) => f.name === d.docName)!;
      const other = target.kind === 'ПЗ' ? 'ПЗУ' : 'ПЗ';
      const pages = await pdfPages(target.path);
      const shown = [d.page!, ...(d.altPages ?? [])].map((p) => flat(pages[p - 1] ?? ''));
      const m2 = (s: string) => new RegExp(`(?:^|\\D)${s.trim().replace(/\s/g, '[\\s\\u00a0]?')}(?:\\D|$)`);
      const ha = (s: string) => (numberOf(s) / 10000).toFixed(2).replace('.', ',');
      assert.ok(
        shown.some((t) => m2(after!).test(t) || t.includes(ha(after!))),
        `${target.name} shows ${after}`,
      );
      const rest = await textOf(set, other);
      assert.ok(m2(before!).test(rest) || rest.includes(ha(before!)), `${other} keeps ${before}`);
    });
  }
});

test('planting the year of the demolished building changes it in ПЗ or ПОС only', async () => {
  for (const variant of [3, 4]) {
    await withSet(
      { seed: 320 + variant, formats: ['pdf'], defects: [{ kind: 'consistency.indicators', variant }], sections: ['ПЗ', 'ПЗУ', 'АР', 'ПОС', 'ПБ'] },
      async (set) => {
        const d = set.planted[0]!;
        const [, after, before] = /здания (\d{4}) вместо (\d{4})/.exec(d.detail)!;
        const target = set.files.find((f) => f.name === d.docName)!;
        const pages = await pdfPages(target.path);
        assert.equal(yearIn(flat(pages[d.page! - 1]!)), Number(after));
        assert.equal(yearIn(await textOf(set, target.kind === 'ПЗ' ? 'ПОС' : 'ПЗ')), Number(before));
      },
    );
  }
});

test('an object named with its boiler-house states the capacity in MW in ПЗ and in Гкал/ч in ИОС4, the same figure', async () => {
  await withSet(
    { seed: 331, formats: ['pdf'], defects: [{ kind: 'consistency.capacity', variant: 0 }], sections: ['ПЗ', 'ПЗУ', 'АР', 'ПОС', 'ИОС4'] },
    async (set) => {
      const mw = numberOf(/Тепловая мощность котельной — (\d+,\d) МВт/.exec(await textOf(set, 'ПЗ'))?.[1] ?? 'NaN');
      const gcal = numberOf(/Установленная тепловая мощность котельной — (\d+,\d+) Гкал\/ч/.exec(await textOf(set, 'ИОС4'))?.[1] ?? 'NaN');
      assert.equal(mw, 1.2);
      assert.ok(Math.abs(gcal * 1.163 - mw) < 0.001, `${gcal} Гкал/ч is ${mw} МВт`);
    },
  );
});

test('a numbered ТЭП table puts the row number first, the value last', () => {
  const rng = new Rng(6);
  const set = makeFacts(rng);
  const ctx = { rng, set, facts: set, areaUnit: 'м²', volumeUnit: 'м³' } as unknown as BuildCtx;
  const table = tepTable(ctx, ['built', 'total', 'storeys'], { numbered: true });
  assert.ok(table.t === 'table');
  assert.equal(table.head[0], '№ п/п');
  assert.deepEqual(
    table.rows.map((r) => [r[0], r[1], r[3]]),
    [
      ['1', 'Площадь застройки', table.rows[0]![3]],
      ['2', 'Общая площадь здания', table.rows[1]![3]],
      ['3', 'Этажность', String(set.tep.storeys)],
    ],
  );
});

test('a kindergarten built into the house: ПЗ and АР state its places, and planting changes them in one of the two', async () => {
  await withSet({ seed: 341, formats: ['pdf'], defects: [{ kind: 'consistency.capacity', variant: 2 }], sections: ['ПЗ', 'ПЗУ', 'АР', 'ПОС'] }, async (set) => {
    const places = (t: string) => Number(/(?:Мощность детского сада —|количество мест —) (\d+)/.exec(t)?.[1]);
    const d = set.planted[0]!;
    const [, after, before] = /детский сад на (\d+) мест вместо (\d+)/.exec(d.detail)!;
    const target = set.files.find((f) => f.name === d.docName)!;
    assert.equal(places(flat((await pdfPages(target.path))[d.page! - 1]!)), Number(after));
    assert.equal(places(await textOf(set, target.kind === 'ПЗ' ? 'АР' : 'ПЗ')), Number(before));
  });
});
