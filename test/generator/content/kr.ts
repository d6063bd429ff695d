/** Раздел 4 «Конструктивные решения» (one volume, or part 1 of a split КР). */
import type { Block } from '../model.ts';
import { h, inlineNorm, normsBlocks, p, volumeOf, volumeRef, type BuildCtx, type DocContent } from './common.ts';
import { storeysSentence } from './tep.ts';
import { zeroBlock } from './loads.ts';
import { climateBlocks, fireBlocks, responsibilitySentence } from './traits.ts';

export function buildKr(ctx: BuildCtx): DocContent {
  const { rng, set } = ctx;
  const ar = volumeOf(ctx, 'АР');
  const kr2 = ctx.volumes.find((v) => v.code === 'КР2');
  const text: Block[] = [
    h('1. Сведения о топографических, инженерно-геологических и климатических условиях'),
    ...climateBlocks(ctx, ['district', 'snow', 'wind', 'seismic', 'temperature']),
    p('Основанием фундаментов служат суглинки тугопластичные (ИГЭ-3) с модулем деформации E = 18 МПа.'),
    h('2. Описание конструктивной схемы'),
    storeysSentence(ctx),
    zeroBlock(ctx),
    responsibilitySentence(ctx),
    ...fireBlocks(ctx, false),
    p(
      rng.pick([
        `Конструктивная схема здания — монолитный железобетонный каркас. Фундамент — монолитная плита толщиной 600 мм из бетона класса ${set.concrete} W6 F150.`,
        `Несущие конструкции — монолитные железобетонные стены и перекрытия толщиной 200 мм из бетона класса ${set.concrete}. Фундаменты — свайные, сваи сечением 300×300 мм.`,
      ]),
    ),
    p('Арматура — класса А500С по ГОСТ 34028-2016 и А240 по ГОСТ 34028-2016.'),
    h('3. Нагрузки и воздействия'),
    p(
      rng.pick([
        'Нагрузки и воздействия приняты в соответствии с СП 20.13330.2016 «Нагрузки и воздействия».',
        'Расчетные нагрузки определены по СП 20.13330.2016 «Нагрузки и воздействия. Актуализированная редакция СНиП 2.01.07-85*».',
      ]),
      'norms',
    ),
    {
      t: 'table',
      head: ['Вид нагрузки', 'Нормативное значение, кПа', 'γf'],
      rows: [
        ['Полезная на перекрытия квартир', '1,5', '1,3'],
        ['Полезная на лестницы и коридоры', '3,0', '1,2'],
        ['Снеговая', rng.pick(['1,5', '2,0', '2,5']), '1,4'],
        ['Перегородки', '0,5', '1,2'],
      ],
      widths: [0.55, 0.3, 0.15],
    },
    inlineNorm(ctx, 'Расчет железобетонных конструкций выполнен по'),
    p('Расчетная схема здания выполнена в программном комплексе ЛИРА-САПР. Результаты расчета приведены на листе {{sheet:scheme}}.', 'ref:sheet'),
  ];
  if (ar) {
    text.push(
      rng.chance(0.5)
        ? p(`Привязка конструкций к осям принята по архитектурным решениям (${volumeRef(ctx, ar)}).`, 'ref:volume')
        : p(`Привязка конструкций к осям принята по плану 1-го этажа (${ar.cipher}, лист {{xsheet:${ar.code}:plan1}}).`, 'ref:volume'),
    );
  }
  if (kr2) text.push(p(`Конструкции надземной части ${volumeRef(ctx, kr2)}.`, 'ref:volume'));
  text.push(...normsBlocks(ctx, '4. Перечень нормативных документов'));
  return {
    text,
    drawings: [
      {
        sheetTitle: 'Схема расположения фундаментной плиты',
        anchor: 'scheme',
        blocks: [
          {
            t: 'drawing',
            caption: 'Схема расположения фундаментной плиты',
            scale: 'М 1:100',
            grid: [6, 3],
            labels: ['Фпм-1', `Бетон ${set.concrete}`, 'Отм. низа плиты -3,600'],
          },
        ],
      },
      {
        sheetTitle: 'Схема армирования фундаментной плиты',
        anchor: 'rebar',
        blocks: [
          {
            t: 'drawing',
            caption: 'Схема армирования фундаментной плиты. Нижняя зона',
            scale: 'М 1:100',
            grid: [6, 3],
            labels: ['Ø16 А500С шаг 200', 'Ø12 А500С шаг 200'],
          },
        ],
      },
    ],
  };
}

/** КР2 «Конструкции надземной части», present when КР is split. */
export function buildKr2(ctx: BuildCtx): DocContent {
  const kr1 = ctx.volumes.find((v) => v.code === 'КР1');
  const text: Block[] = [
    h('1. Конструкции надземной части'),
    storeysSentence(ctx),
    p(
      `Перекрытия — монолитные железобетонные плиты толщиной 200 мм из бетона класса ${ctx.set.concrete}. Стены лестничных клеток и лифтовых шахт — монолитные толщиной 200 мм.`,
    ),
    inlineNorm(ctx, 'Конструкции рассчитаны по'),
  ];
  if (kr1) text.push(p(`Фундаменты ${volumeRef(ctx, kr1)}.`, 'ref:volume'));
  text.push(...normsBlocks(ctx, '2. Перечень нормативных документов'));
  return {
    text,
    drawings: [
      {
        sheetTitle: 'Схема расположения плит перекрытия',
        anchor: 'slabs',
        blocks: [{ t: 'drawing', caption: 'Схема расположения плиты перекрытия на отм. +3,000', scale: 'М 1:100', grid: [6, 3], labels: ['Пм-1', 'Пм-2'] }],
      },
    ],
  };
}
