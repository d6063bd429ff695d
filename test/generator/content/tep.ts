/** Phrasings of the technical and economic indicators (ТЭП), in text and in tables. */
import { plural, storeysAdjective } from '../format.ts';
import type { Block } from '../model.ts';
import { area, num, p, volume, type BuildCtx } from './common.ts';

export function floorsTotal(ctx: BuildCtx): number {
  return ctx.facts.tep.storeys + ctx.facts.tep.underground;
}

/** A sentence stating the storeys (этажность or количество этажей, never mixing the two up). */
export function storeysSentence(ctx: BuildCtx): Block {
  const t = ctx.facts.tep;
  const n = t.storeys;
  const floors = floorsTotal(ctx);
  const under = t.underground ? `, в том числе ${t.underground} ${plural(t.underground, 'подземный', 'подземных', 'подземных')}` : '';
  const text = ctx.rng.pick([
    `Этажность здания — ${n} ${plural(n, 'этаж', 'этажа', 'этажей')}.`,
    `Количество этажей — ${floors}${under}.`,
    `Здание ${storeysAdjective(n, ctx.rng.chance(0.5))}${t.underground ? ' с подвалом' : ''}, количество этажей — ${floors}.`,
    `Проектируемый ${storeysAdjective(n, false)} жилой дом${t.underground ? ' с подвальным этажом' : ''}.`,
    `Этажность: ${n}; количество этажей: ${floors}${t.underground ? ' (в т.ч. подземный)' : ''}.`,
    `Число этажей — ${floors}${t.underground ? ` (${n} надземных и ${t.underground} подземный)` : ''}.`,
    `Этажность — ${n} эт.`,
  ]);
  if (t.phrase === 'above_ground')
    return p(`Здание — ${n} ${plural(n, 'надземный этаж', 'надземных этажа', 'надземных этажей')}${t.underground ? ', подвал' : ''}.`, 'fact:storeys');
  if (t.phrase === 'with_basement')
    return p(`Здание имеет ${countWord(floors)} ${plural(floors, 'этаж', 'этажа', 'этажей')}${t.underground ? ' (включая подвал)' : ''}.`, 'fact:storeys');
  return p(text, 'fact:storeys');
}

const COUNT_WORDS = ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять', 'десять'];
const countWord = (n: number) => COUNT_WORDS[n] ?? String(n);

export function totalAreaSentence(ctx: BuildCtx): Block {
  const v = area(ctx, ctx.facts.tep.totalArea);
  return p(
    ctx.rng.pick([
      `Общая площадь здания — ${v}.`,
      `Общая площадь здания составляет ${v}, площадь квартир — ${area(ctx, ctx.facts.tep.apartmentsArea)}.`,
      `Общая площадь: ${v}.`,
    ]),
    'fact:area',
  );
}

export function builtAreaSentence(ctx: BuildCtx): Block {
  return p(
    ctx.rng.pick([`Площадь застройки — ${area(ctx, ctx.facts.tep.builtArea)}.`, `Площадь застройки здания составляет ${area(ctx, ctx.facts.tep.builtArea)}.`]),
    'fact:builtArea',
  );
}

export function volumeSentence(ctx: BuildCtx): Block {
  const t = ctx.facts.tep;
  const under = t.volumeUnder > 0 ? `, в том числе подземной части — ${volume(ctx, t.volumeUnder)}` : '';
  return p(
    ctx.rng.pick([
      `Строительный объем здания — ${volume(ctx, t.volume)}${under}.`,
      `Строительный объём: ${volume(ctx, t.volume)}${under}.`,
      `Объем строительный — ${volume(ctx, t.volume)}${under}.`,
    ]),
    'fact:volume',
  );
}

export function apartmentsSentence(ctx: BuildCtx): Block {
  const t = ctx.facts.tep;
  const n = t.apartments;
  return p(
    ctx.rng.pick([
      `Количество квартир — ${n} шт.`,
      `В доме запроектировано ${n} ${plural(n, 'квартира', 'квартиры', 'квартир')}.`,
      `Всего квартир: ${n}, в том числе студий — ${t.mix.studio}, однокомнатных — ${t.mix.one}, двухкомнатных — ${t.mix.two}, трехкомнатных — ${t.mix.three}.`,
      `Общее количество квартир в жилом доме составляет ${n}.`,
      `Квартирный фонд — ${n} ${plural(n, 'квартира', 'квартиры', 'квартир')} (студии, 1-, 2- и 3-комнатные).`,
    ]),
    'fact:apartments',
  );
}

export type TepRow = 'plot' | 'built' | 'total' | 'apts' | 'living' | 'volume' | 'storeys' | 'floors' | 'count';

/**
 * ТЭП table with the chosen rows; tags say which facts it states. With `numbered` a first column «№ п/п» (1, 2, …), so a
 * row's number follows the value of the row before it: a row number is not a value.
 */
export function tepTable(ctx: BuildCtx, rows: TepRow[], { numbered = false }: { numbered?: boolean } = {}): Block {
  const t = ctx.facts.tep;
  const u = ctx.areaUnit;
  const out: string[][] = [];
  const tags = new Set<string>();
  for (const r of rows) {
    switch (r) {
      case 'plot':
        if (ctx.rng.chance(0.4)) out.push(['Площадь земельного участка', 'га', num(ctx, t.plotArea / 10000, 4)]);
        else out.push(['Площадь земельного участка', u, num(ctx, t.plotArea, 0)]);
        tags.add('fact:plotArea');
        break;
      case 'built':
        out.push(['Площадь застройки', u, num(ctx, t.builtArea)]);
        tags.add('fact:builtArea');
        break;
      case 'total':
        out.push(['Общая площадь здания', u, num(ctx, t.totalArea)]);
        tags.add('fact:area');
        break;
      case 'apts':
        out.push(['Площадь квартир', u, num(ctx, t.apartmentsArea)]);
        break;
      case 'living':
        out.push(['Жилая площадь квартир', u, num(ctx, t.livingArea)]);
        break;
      case 'volume':
        out.push(['Строительный объем, всего', ctx.volumeUnit, num(ctx, t.volume)]);
        if (t.volumeUnder > 0) {
          out.push(['в том числе подземной части', ctx.volumeUnit, num(ctx, t.volumeUnder)]);
          out.push(['надземной части', ctx.volumeUnit, num(ctx, t.volume - t.volumeUnder)]);
        }
        tags.add('fact:volume');
        break;
      case 'storeys':
        out.push(['Этажность', 'эт.', String(t.storeys)]);
        tags.add('fact:storeys');
        break;
      case 'floors':
        out.push(['Количество этажей', 'эт.', String(floorsTotal(ctx))]);
        if (t.underground) out.push(['в том числе подземных', 'эт.', String(t.underground)]);
        tags.add('fact:storeys');
        break;
      case 'count':
        out.push(['Количество квартир', 'шт.', String(t.apartments)]);
        out.push(['в том числе: студий', 'шт.', String(t.mix.studio)]);
        out.push(['однокомнатных', 'шт.', String(t.mix.one)]);
        out.push(['двухкомнатных', 'шт.', String(t.mix.two)]);
        out.push(['трехкомнатных', 'шт.', String(t.mix.three)]);
        tags.add('fact:apartments');
        break;
    }
  }
  if (numbered) {
    return {
      t: 'table',
      head: ['№ п/п', 'Наименование показателя', 'Ед. изм.', 'Значение'],
      rows: out.map((r, i) => [String(i + 1), ...r]),
      widths: [0.08, 0.54, 0.14, 0.24],
      tags: [...tags],
    };
  }
  return {
    t: 'table',
    head: ['Наименование показателя', 'Ед. изм.', 'Значение'],
    rows: out.map((r) => r),
    widths: [0.6, 0.15, 0.25],
    tags: [...tags],
  };
}

/**
 * The building's height above ground (consistency.indicators), with the traps real volumes hold beside it: the height of a
 * floor, a norm's limit of the height («не должна превышать 75 м»).
 */
export function heightSentence(ctx: BuildCtx, trap = false): Block {
  const h = num(ctx, ctx.facts.tep.height);
  const text = ctx.rng.pick([
    `Архитектурная высота здания (от уровня земли до верха парапета) — ${h} м.`,
    `Высота здания — ${h} м, высота этажа — 3,0 м.`,
    `Высота здания от уровня земли до верха парапета составляет ${h} м.`,
  ]);
  const norm = trap ? ' Высота здания класса Ф1.3 II степени огнестойкости не должна превышать 50 м (СП 2.13130.2020, таблица 6.8).' : '';
  return p(`${text}${norm}`, 'fact:height');
}
