/** Раздел 3 «Объемно-планировочные и архитектурные решения». */
import type { Block } from '../model.ts';
import { h, inlineNorm, normsBlocks, num, p, volumeOf, volumeRef, type BuildCtx, type DocContent } from './common.ts';
import { fireHeightBlocks, loadsRng, zeroBlock } from './loads.ts';
import { energySentence, fireBlocks } from './traits.ts';
import { kindergartenBlocks } from './indicators.ts';
import { apartmentsSentence, builtAreaSentence, heightSentence, storeysSentence, tepTable, totalAreaSentence, volumeSentence } from './tep.ts';

function apartmentMix(ctx: BuildCtx): Block {
  const m = ctx.facts.tep.mix;
  const rows = [
    ['Студия', String(m.studio), num(ctx, m.studio * 27.4)],
    ['1-комнатная', String(m.one), num(ctx, m.one * 41.3)],
    ['2-комнатная', String(m.two), num(ctx, m.two * 61.8)],
    ['3-комнатная', String(m.three), num(ctx, m.three * 84.2)],
    ['Итого', String(ctx.facts.tep.apartments), ''],
  ];
  return {
    t: 'table',
    head: ['Тип квартиры', 'Количество, шт.', `Площадь, ${ctx.areaUnit}`],
    rows,
    widths: [0.45, 0.25, 0.3],
    anchor: 'mix',
    tags: ['fact:apartments'],
  };
}

export function buildAr(ctx: BuildCtx): DocContent {
  const { rng, facts } = ctx;
  const t = facts.tep;
  const kr = volumeOf(ctx, 'КР');
  const text: Block[] = [
    h('1. Описание и обоснование внешнего и внутреннего вида объекта'),
    storeysSentence(ctx),
    p(
      `Здание ${t.entrances > 1 ? `${t.entrances}-секционное` : 'односекционное'}, прямоугольной формы в плане. Высота этажа — 3,0 м. За относительную отметку 0,000 принят уровень чистого пола первого этажа.`,
    ),
    zeroBlock(ctx),
    heightSentence(ctx),
    ...fireHeightBlocks(ctx),
    p(
      rng.pick([
        'Наружные стены — газобетонные блоки с утеплением минераловатными плитами и облицовкой в системе навесного вентилируемого фасада.',
        'Наружные стены — трехслойные: монолитный железобетон, утеплитель из каменной ваты, тонкослойная штукатурка по сетке.',
      ]),
    ),
    inlineNorm(ctx, 'Объемно-планировочные решения выполнены в соответствии с'),
    totalAreaSentence(ctx),
    builtAreaSentence(ctx),
    volumeSentence(ctx),
    ...kindergartenBlocks(ctx, 'АР'),
    h('2. Квартирография', 'mix'),
    apartmentsSentence(ctx),
    apartmentMix(ctx),
    h('3. Технико-экономические показатели', 'tep'),
    tepTable(ctx, rng.chance(0.5) ? ['built', 'total', 'apts', 'volume', 'storeys', 'count'] : ['built', 'total', 'living', 'volume', 'floors'], {
      numbered: loadsRng(ctx, 'numbered').chance(0.5),
    }),
    h('4. Пожарно-технические характеристики и энергетическая эффективность'),
    ...fireBlocks(ctx, true),
    energySentence(ctx),
    ...(rng.chance(0.5)
      ? [
          p(
            'Класс энергетической эффективности многоквартирного дома должен быть не ниже B. Удельная характеристика расхода тепловой энергии на отопление и вентиляцию не превышает нормируемого значения.',
          ),
        ]
      : []),
    h('5. Решения по отделке помещений'),
    p('Отделка мест общего пользования — водоэмульсионная окраска стен и потолков, полы из керамогранита. Квартиры сдаются с предчистовой отделкой.'),
    p(`Поэтажные планы приведены на листах {{sheet:plan1}}–{{sheet:facade}}, экспликация помещений первого этажа — на листе {{sheet:plan1}}.`, 'ref:sheet'),
  ];
  if (kr) text.push(p(`Конструктивные решения ${volumeRef(ctx, kr)}.`, 'ref:volume'));
  text.push(...normsBlocks(ctx, '6. Перечень нормативных документов'));
  const typical = `План типового этажа (2–${t.storeys} этажи)`;
  return {
    text,
    drawings: [
      {
        sheetTitle: 'План 1-го этажа',
        anchor: 'plan1',
        blocks: [
          { t: 'drawing', caption: 'План 1-го этажа', scale: 'М 1:100', grid: [6, 3], labels: ['Вестибюль', 'Колясочная', 'Лифтовой холл', 'Мусорокамера'] },
          {
            t: 'table',
            head: ['Номер', 'Наименование помещения', `Площадь, ${ctx.areaUnit}`],
            rows: [
              ['1', 'Тамбур', '4,2'],
              ['2', 'Вестибюль', '18,6'],
              ['3', 'Колясочная', '7,9'],
              ['4', 'Лифтовой холл', '12,3'],
              ['5', 'Помещение уборочного инвентаря', '3,1'],
            ],
            widths: [0.15, 0.6, 0.25],
            tags: ['explication'],
          },
        ],
      },
      {
        sheetTitle: typical,
        anchor: 'plantyp',
        blocks: [
          {
            t: 'drawing',
            caption: typical,
            scale: 'М 1:100',
            grid: [6, 3],
            labels: ['Квартира 1к', 'Квартира 2к', 'Студия', 'Лестничная клетка'],
            tags: ['fact:storeys'],
          },
        ],
      },
      {
        sheetTitle: 'Фасад 1-10',
        anchor: 'facade',
        blocks: [
          {
            t: 'drawing',
            caption: 'Фасад в осях 1-10',
            scale: 'М 1:200',
            grid: [8, Math.min(t.storeys, 10)],
            labels: [`Отм. +${num(ctx, t.height, 3)}`, 'Отм. 0,000'],
          },
        ],
      },
    ],
  };
}
