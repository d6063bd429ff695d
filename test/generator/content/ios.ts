/** Раздел 5: subsections ИОС1–ИОС5. */
import type { Block } from '../model.ts';
import { heatBlocks, powerBlocks, waterBlocks } from './loads.ts';
import { boilerBlocks } from './indicators.ts';
import { climateBlocks, heatingMean } from './traits.ts';
import { h, inlineNorm, normsBlocks, num, p, volume, volumeOf, type BuildCtx, type DocContent, type DrawingSheet } from './common.ts';

function electricity(ctx: BuildCtx): Block[] {
  const { rng, set, facts } = ctx;
  return [
    h('1. Характеристика источников электроснабжения'),
    ...powerBlocks(ctx),
    p(
      `По степени надежности электроснабжения электроприемники относятся ко II категории, электроприемники систем противопожарной защиты, лифты и аварийное освещение — к I категории.`,
    ),
    h('2. Расчетные нагрузки'),
    p(
      rng.pick([
        `Расчетная мощность жилого дома для ${facts.tep.apartments} квартир с электрическими плитами составляет ${num(ctx, facts.power, 0)} кВт.`,
        `Расчетная нагрузка квартир (${facts.tep.apartments} шт.) определена по удельным нагрузкам и составляет ${num(ctx, set.electricLoad * 0.82, 0)} кВт.`,
      ]),
      'fact:apartments',
    ),
    {
      t: 'table',
      head: ['Потребитель', 'Pр, кВт', 'cos φ'],
      rows: [
        ['Квартиры', num(ctx, set.electricLoad * 0.82, 0), '0,98'],
        ['Лифты', num(ctx, facts.tep.entrances * 14, 0), '0,65'],
        ['Общедомовые нагрузки', num(ctx, set.electricLoad * 0.18 - facts.tep.entrances * 14, 0), '0,9'],
      ],
      widths: [0.6, 0.2, 0.2],
    },
    p('Учет электроэнергии предусмотрен на вводах ВРУ и поквартирно. Однолинейная схема ВРУ приведена на листе {{sheet:sld}}.', 'ref:sheet'),
    inlineNorm(ctx, 'Проектные решения разработаны в соответствии с'),
  ];
}

function water(ctx: BuildCtx): Block[] {
  const t = ctx.facts.tep;
  const people = Math.round(t.apartmentsArea / 30);
  return [
    h('1. Сведения о существующих и проектируемых источниках водоснабжения'),
    p(`Водоснабжение предусмотрено от городской кольцевой сети водопровода Ø300 мм. Расчетное число жителей — ${people} чел.`),
    ...waterBlocks(ctx),
    inlineNorm(ctx, 'Системы водоснабжения запроектированы в соответствии с'),
  ];
}

function sewer(ctx: BuildCtx): Block[] {
  return [
    h('1. Сведения о системах водоотведения'),
    p(
      'Отвод бытовых стоков предусмотрен в проектируемую сеть бытовой канализации К1 с подключением к городскому коллектору Ø400 мм. Дождевые стоки с кровли отводятся системой внутренних водостоков К2.',
    ),
    p(`Расчетный расход бытовых стоков — ${num(ctx, (ctx.facts.tep.apartmentsArea / 30) * 0.25, 2)} м³/сут.`),
    inlineNorm(ctx, 'Системы водоотведения запроектированы в соответствии с'),
  ];
}

function heating(ctx: BuildCtx): Block[] {
  const t = ctx.facts.tep;
  return [
    h('1. Сведения о климатических и метеорологических условиях'),
    ...climateBlocks(ctx, ['district', 'temperature']),
    p(
      `Продолжительность отопительного периода — ${ctx.facts.traits.heatingDays} сут., средняя температура наружного воздуха отопительного периода — ${heatingMean(ctx)}. Расчетная температура наружного воздуха для проектирования вентиляции — минус 14 °С.`,
      'fact:heating',
    ),
    h('2. Тепловые нагрузки'),
    p(
      `Строительный объем здания — ${volume(ctx, t.volume)}. Расчетная тепловая нагрузка на отопление — ${num(ctx, t.volume * 0.000011, 3)} Гкал/ч.`,
      'fact:volume',
    ),
    ...heatBlocks(ctx),
    ...boilerBlocks(ctx, 'Гкал/ч'),
    p(
      'Теплоснабжение — от городских тепловых сетей через индивидуальный тепловой пункт (ИТП), расположенный в подвале. Система отопления двухтрубная с поквартирной разводкой.',
    ),
    inlineNorm(ctx, 'Решения по отоплению и вентиляции приняты по'),
  ];
}

function communication(ctx: BuildCtx): Block[] {
  return [
    h('1. Сети связи'),
    p('Проектом предусмотрены сети телефонизации, радиофикации, телевидения, диспетчеризации лифтов и система домофонной связи.'),
    p('Жилой дом оборудуется системой пожарной сигнализации и системой оповещения и управления эвакуацией людей при пожаре.'),
    inlineNorm(ctx, 'Сети связи запроектированы по'),
  ];
}

export function buildIos(ctx: BuildCtx): DocContent {
  const ar = volumeOf(ctx, 'АР');
  const body: Record<string, (c: BuildCtx) => Block[]> = { ИОС1: electricity, ИОС2: water, ИОС3: sewer, ИОС4: heating, ИОС5: communication };
  const builder = body[ctx.code];
  if (!builder) throw new Error(`no content for ${ctx.code}`);
  const text = builder(ctx);
  if (ar) text.push(p(`Планировочные решения приняты по ${ar.cipher}.`, 'ref:volume'));
  text.push(...normsBlocks(ctx, 'Перечень нормативных документов'));
  const drawings: DrawingSheet[] =
    ctx.code === 'ИОС1'
      ? [
          {
            sheetTitle: 'Однолинейная схема ВРУ',
            anchor: 'sld',
            blocks: [{ t: 'drawing', caption: 'Однолинейная расчетная схема ВРУ-1', scale: '', grid: [5, 2], labels: ['ВРУ-1', 'QF1 250 А', 'ППУ'] }],
          },
        ]
      : [];
  return { text, drawings };
}
