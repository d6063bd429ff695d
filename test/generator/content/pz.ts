/** Раздел 1 «Пояснительная записка». */
import type { Block } from '../model.ts';
import type { Rng } from '../rng.ts';
import { personName } from '../facts.ts';
import { address, h, normsBlocks, num, p, volumeOf, volumeRef, type BuildCtx, type DocContent } from './common.ts';
import { apartmentsSentence, heightSentence, storeysSentence, tepTable, volumeSentence } from './tep.ts';
import { fireHeightBlocks, pzInitialDocs, pzResources, zeroBlock } from './loads.ts';
import { climateBlocks, energySentence, fireBlocks, responsibilitySentence, stationTable } from './traits.ts';
import { boilerBlocks, existingBuilding, kindergartenBlocks, plotAreaRounded } from './indicators.ts';

export function compositionTable(ctx: BuildCtx): Block {
  return {
    t: 'table',
    head: ['Номер тома', 'Обозначение', 'Наименование', 'Примечание'],
    rows: ctx.volumes.map((v) => [v.volume, v.cipher, v.title, '']),
    widths: [0.1, 0.26, 0.48, 0.16],
    anchor: 'composition',
    tags: ['composition'],
  };
}

export function buildPz(ctx: BuildCtx): DocContent {
  const { rng, set } = ctx;
  const ar = volumeOf(ctx, 'АР');
  const kr = volumeOf(ctx, 'КР');
  const text: Block[] = [
    h('Состав проектной документации', 'composition'),
    compositionTable(ctx),
    h('1. Общие положения', 'general'),
    p(
      `Проектная документация по объекту «${set.objectName}» разработана ${set.organization} на основании задания на проектирование, утвержденного ${set.customer}, и градостроительного плана земельного участка № ${ctx.facts.gpzu} от ${ctx.facts.gpzuDate}.`,
      'fact:gpzu',
    ),
    p(
      rng.pick([
        `Объект расположен по адресу: ${address(ctx)}.`,
        `Место размещения объекта: ${address(ctx)}.`,
        `Адрес (местоположение) объекта: ${address(ctx)}.`,
      ]),
      'fact:address',
    ),
    p(
      listedOrOne(
        ctx,
        [
          `Кадастровый номер земельного участка: ${ctx.facts.cadastral}.`,
          `Земельный участок с кадастровым номером ${ctx.facts.cadastral} предоставлен застройщику на праве аренды.`,
          `Проектируемый объект размещается на земельном участке с кадастровым номером ${ctx.facts.cadastral}, категория земель — земли населенных пунктов.`,
          `Земельный участок (КН ${ctx.facts.cadastral}) находится в собственности застройщика.`,
        ],
        rng,
      ),
      'fact:cadastral',
    ),
    plotAreaRounded(ctx),
    existingBuilding(ctx, 'ПЗ'),
    p('Вид строительства — новое строительство. Идентификационные признаки здания приняты в соответствии со статьей 4 Федерального закона № 384-ФЗ.'),
    responsibilitySentence(ctx),
    ...fireBlocks(ctx, true),
    storeysSentence(ctx),
    heightSentence(ctx),
    ...fireHeightBlocks(ctx),
    zeroBlock(ctx),
    h('Исходно-разрешительная документация', 'ird'),
    ...pzInitialDocs(ctx),
    h('2. Климатические и инженерно-геологические условия'),
    ...climateBlocks(ctx, ['district', 'snow', 'wind', 'seismic', 'temperature']),
    p(`Нормативная глубина сезонного промерзания грунтов — ${rng.pick(['1,6', '1,75', '1,8', '2,0'])} м.`),
    ...stationTable(ctx),
    p('Инженерно-геологические условия площадки относятся ко II категории сложности. Подземные воды вскрыты на глубине 4,2–5,1 м от поверхности земли.'),
    h('3. Технико-экономические показатели', 'tep'),
    tepTable(ctx, ['plot', 'built', 'total', 'apts', 'living', 'volume', 'storeys', 'floors', 'count']),
    // the total area rounded to whole square metres: within the rounding of the table's value
    p(`Общая площадь здания — ${num(ctx, Math.round(ctx.facts.tep.totalArea), 0)} ${ctx.areaUnit}.`, 'fact:area'),
    volumeSentence(ctx),
    apartmentsSentence(ctx),
    h('Сведения о потребности объекта в ресурсах', 'resources'),
    ...pzResources(ctx),
    h('4. Сведения о принятых проектных решениях'),
    energySentence(ctx),
    ...boilerBlocks(ctx, 'МВт'),
    ...kindergartenBlocks(ctx, 'ПЗ'),
  ];
  if (ar) text.push(p(`Объемно-планировочные и архитектурные решения ${volumeRef(ctx, ar)}.`, 'ref:volume'));
  if (kr)
    text.push(
      p(
        `Конструктивная схема здания — монолитный железобетонный каркас с несущими стенами и колоннами; конструктивные решения ${volumeRef(ctx, kr)}.`,
        'ref:volume',
      ),
    );
  text.push(
    p(`Технико-экономические показатели приведены на листе {{sheet:tep}} настоящего тома.`, 'ref:sheet'),
    ...normsBlocks(ctx, '5. Перечень нормативных документов'),
    h('6. Заверение проектной организации'),
    p(
      `Проектная документация разработана в соответствии с градостроительным планом земельного участка, заданием на проектирование, градостроительным регламентом, документами об использовании земельного участка, техническими регламентами, в том числе устанавливающими требования по обеспечению безопасной эксплуатации зданий, строений, сооружений и безопасного использования прилегающих к ним территорий, и с соблюдением технических условий.`,
    ),
    p(`Главный инженер проекта ____________ ${personName(set.gip)}`),
  );
  return { text, drawings: [] };
}

/** One of the phrasings of the plot's number, or — where the set lists several plots on purpose — all of them in one sentence. */
function listedOrOne(ctx: BuildCtx, phrasings: string[], rng: Rng): string {
  const one = rng.pick(phrasings);
  const listed = ctx.set.listedPlots;
  if (!listed?.length) return one;
  const all = [ctx.facts.cadastral, ...listed];
  return `Проектируемый объект размещается на земельных участках с кадастровыми номерами ${all.slice(0, -1).join(', ')} и ${all.at(-1)}, объединяемых в один участок проектирования.`;
}
