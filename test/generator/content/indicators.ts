/**
 * Statements of the further indicators experts compare across volumes (the judge's catalogue): the plot area, the year the
 * building to be demolished was built, the places of a built-in kindergarten, the boiler-house's capacity — with the traps
 * real volumes hold beside them: the same figure rounded in another unit, the same label naming another thing (the area
 * of the landscaped territory, a neighbouring house's year), a capacity in Гкал/ч beside the MW of the name.
 * Every choice is drawn from a generator of its own (loadsRng), so the phrasings of the rest of a volume stay as they were.
 */
import type { Block } from '../model.ts';
import { num, p, type BuildCtx } from './common.ts';
import { loadsRng } from './loads.ts';

/** MW to Гкал/ч, as a designer converts it (1 Гкал/ч = 1,163 МВт). */
export const GCAL_PER_MW = 1 / 1.163;

/**
 * ПЗ: the plot area in hectares, rounded to two decimals — within the rounding of the m² of the other volumes. A rounding
 * that ends in 0 («0,30 га») is written with three decimals: the review reads «0,30» as precise to 0,1 га (known gap),
 * which would hide a plot area planted 6–12 % off.
 */
export function plotAreaRounded(ctx: BuildCtx): Block {
  const x = ctx.facts.tep.plotArea / 10000;
  const ha = num(ctx, x, Math.round(x * 100) % 10 === 0 ? 3 : 2);
  const text = loadsRng(ctx, 'plot').pick([`Площадь земельного участка — ${ha} га.`, `Площадь участка по ГПЗУ составляет ${ha} га.`]);
  return p(text, 'fact:plotArea');
}

/** ПЗУ: the landscaped territory, larger than the plot, under the label of the plot's area — another thing, not a contradiction. */
export function improvementAreaTrap(ctx: BuildCtx): Block {
  const v = num(ctx, Math.round(ctx.facts.tep.plotArea * 1.18), 0);
  return p(`Площадь участка в границах благоустройства (с учетом прилегающей территории) — ${v} ${ctx.areaUnit}.`);
}

/** ПЗ and ПОС: the building on the plot to be demolished, with its year of construction. */
export function existingBuilding(ctx: BuildCtx, where: 'ПЗ' | 'ПОС'): Block {
  const y = ctx.facts.existingYear;
  const rng = loadsRng(ctx, 'existing');
  const text =
    where === 'ПЗ'
      ? rng.pick([
          `На земельном участке расположено существующее нежилое здание (склад), подлежащее сносу. Год постройки существующего здания — ${y}.`,
          `В границах участка находится нежилое здание склада, подлежащее сносу до начала строительства; год постройки здания — ${y}.`,
        ])
      : rng.pick([
          `В подготовительный период выполняется снос существующего нежилого здания склада. Год постройки здания — ${y}, стены кирпичные, перекрытия из сборных железобетонных плит.`,
          // the year said in a sentence, not under its label
          `В подготовительный период выполняется снос существующего нежилого здания склада. Здание построено в ${y} году, стены кирпичные, перекрытия из сборных железобетонных плит.`,
        ]);
  return p(text, 'fact:existingYear');
}

/** ПЗУ: a neighbouring house kept as it is, with its own year of construction — not the object's building. */
export function neighbourYear(ctx: BuildCtx): number {
  return ctx.facts.existingYear + 7;
}

/** ПЗ and АР: the places of a kindergarten built into the house; nothing without one. */
export function kindergartenBlocks(ctx: BuildCtx, where: 'ПЗ' | 'АР'): Block[] {
  const n = ctx.facts.kindergarten;
  if (n === null) return [];
  const text =
    where === 'ПЗ'
      ? `На первом этаже размещается встроенная дошкольная образовательная организация. Мощность детского сада — ${n} мест.`
      : `Встроенный детский сад (первый этаж): количество мест — ${n}, групповые ячейки с отдельными входами.`;
  return [p(text, 'fact:kindergarten')];
}

/** ПЗ (in MW) and ИОС4 (in Гкал/ч): the capacity of the boiler-house the object is named with; nothing without one. */
export function boilerBlocks(ctx: BuildCtx, unit: 'МВт' | 'Гкал/ч'): Block[] {
  const mw = ctx.facts.boilerMw;
  if (mw === null) return [];
  const text =
    unit === 'МВт'
      ? `Теплоснабжение здания — от собственной котельной. Тепловая мощность котельной — ${num(ctx, mw, 1)} МВт.`
      : `Установленная тепловая мощность котельной — ${num(ctx, mw * GCAL_PER_MW, 3)} Гкал/ч.`;
  return [p(text, 'fact:boiler')];
}
