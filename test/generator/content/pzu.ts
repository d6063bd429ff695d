/** Раздел 2 «Схема планировочной организации земельного участка». */
import type { Block } from '../model.ts';
import { address, area, h, normsBlocks, num, p, type BuildCtx, type DocContent } from './common.ts';
import { builtAreaSentence, tepTable } from './tep.ts';
import { formatAddress } from '../format.ts';
import { existingZeroTrap, gpzuBlock, loadsRng, zeroBlock } from './loads.ts';
import { improvementAreaTrap, neighbourYear } from './indicators.ts';

export function buildPzu(ctx: BuildCtx): DocContent {
  const { rng, set, facts } = ctx;
  const t = facts.tep;
  const text: Block[] = [
    h('1. Характеристика земельного участка'),
    p(rng.pick([`Земельный участок расположен по адресу: ${address(ctx)}.`, `Участок проектирования находится по адресу: ${address(ctx)}.`]), 'fact:address'),
    p(
      rng.pick([
        `Кадастровый номер земельного участка — ${facts.cadastral}, площадь участка — ${num(ctx, t.plotArea, 0)} ${ctx.areaUnit}.`,
        `Проектом предусмотрено размещение жилого дома на земельном участке ${facts.cadastral} в границах кадастрового квартала ${set.kvartal}.`,
      ]),
      'fact:cadastral',
      'fact:plotArea',
    ),
  ];
  if (rng.chance(0.5)) {
    // Adjacent plots are named with their own numbers in real schemes: a different number here is not a contradiction.
    text.push(
      p(
        `С северной стороны участок граничит со смежным земельным участком с кадастровым номером ${set.neighbourCadastral} (существующая трансформаторная подстанция).`,
      ),
    );
  }
  // A neighbouring building named with its own address is not the object (identity.other_object, consistency.address).
  const a = ctx.facts.address;
  const neighbour = { ...a, street: a.street === 'Полевая' ? 'Садовая' : 'Полевая', house: String(Number.parseInt(a.house, 10) + 2), building: null };
  // …with its own year of construction, which is not that of the building demolished on the plot
  text.push(
    p(
      `С западной стороны участок граничит с территорией существующего жилого дома ${neighbourYear(ctx)} года постройки по адресу: ${formatAddress(neighbour, ctx.addrStyle)}.`,
    ),
    // the neighbour's year in a sentence of its own: a neighbouring building's, not the demolished one's
    p(`Соседнее здание построено в ${neighbourYear(ctx)} году и сохраняется.`),
  );
  text.push(gpzuBlock(ctx));
  if (loadsRng(ctx, 'trap').chance(0.5)) text.push(existingZeroTrap(ctx));
  text.push(
    p('Рельеф участка спокойный, с уклоном в юго-восточном направлении. Абсолютные отметки поверхности изменяются от 142,30 до 143,85.'),
    zeroBlock(ctx),
    h('2. Обоснование планировочной организации земельного участка'),
    p(
      'Планировочная организация участка выполнена с учетом красных линий, линий регулирования застройки, противопожарных разрывов и нормативной инсоляции. Подъезд пожарной техники обеспечен с двух продольных сторон здания.',
    ),
    builtAreaSentence(ctx),
    h('3. Баланс территории и технико-экономические показатели', 'balance'),
    tepTable(ctx, ['plot', 'built']),
    {
      t: 'table',
      head: ['Наименование', `Площадь, ${ctx.areaUnit}`, '%'],
      rows: [
        ['Площадь застройки', num(ctx, t.builtArea), num(ctx, (t.builtArea / t.plotArea) * 100)],
        ['Площадь покрытий', num(ctx, t.plotArea * 0.45), num(ctx, 45, 1)],
        ['Площадь озеленения', num(ctx, t.plotArea - t.builtArea - t.plotArea * 0.45), num(ctx, 100 - 45 - (t.builtArea / t.plotArea) * 100)],
      ],
      widths: [0.55, 0.25, 0.2],
      tags: ['fact:builtArea'],
    },
    improvementAreaTrap(ctx),
    p(`Площадь озеленения составляет не менее 25 % площади участка. Расчетное количество машино-мест — ${Math.round(t.apartments * 0.6)}.`),
    h('4. Благоустройство'),
    p(
      `Площадки для игр детей, отдыха взрослых и занятий физкультурой размещены на расстояниях от окон жилого дома в соответствии с требованиями СанПиН 2.1.3684-21. Площадь площадок — ${area(ctx, Math.round(t.apartments * 0.7 * 10) / 10)}.`,
    ),
    ...normsBlocks(ctx, '5. Перечень нормативных документов'),
  );
  return {
    text,
    drawings: [
      {
        sheetTitle: 'Ситуационный план',
        anchor: 'situation',
        blocks: [
          { t: 'drawing', caption: 'Ситуационный план', scale: 'М 1:2000', grid: [3, 2], labels: ['Участок проектирования', `ул. ${facts.address.street}`] },
        ],
      },
      {
        sheetTitle: 'Схема планировочной организации земельного участка',
        anchor: 'spozu',
        blocks: [
          {
            t: 'drawing',
            caption: 'Схема планировочной организации земельного участка',
            scale: 'М 1:500',
            grid: [4, 3],
            labels: ['Проектируемый жилой дом', 'Детская площадка', 'Парковка'],
          },
        ],
      },
    ],
  };
}
