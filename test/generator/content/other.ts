/** Разделы 7–11: ПОС, ООС, ПБ, ТБЭ, ОДИ. */
import type { Block } from '../model.ts';
import { address, h, inlineNorm, normsBlocks, num, p, volumeOf, volumeRef, type BuildCtx, type DocContent } from './common.ts';
import { floorsTotal, heightSentence, storeysSentence, volumeSentence } from './tep.ts';
import { fireHeightBlocks, fireHeightNormQuote } from './loads.ts';
import { fireBlocks, fireTraps } from './traits.ts';
import { existingBuilding } from './indicators.ts';

export function buildPos(ctx: BuildCtx): DocContent {
  const { rng, set, facts } = ctx;
  const pzu = volumeOf(ctx, 'ПЗУ');
  const text: Block[] = [
    h('1. Характеристика района и площадки строительства'),
    p(rng.pick([`Площадка строительства расположена по адресу: ${address(ctx)}.`, `Строительство ведется по адресу: ${address(ctx)}.`]), 'fact:address'),
    p(`Строительная площадка размещается в границах земельного участка с кадастровым номером ${facts.cadastral}.`, 'fact:cadastral'),
    existingBuilding(ctx, 'ПОС'),
    storeysSentence(ctx),
    volumeSentence(ctx),
    h('2. Организация строительства'),
    p(`Продолжительность строительства — ${set.durationMonths} мес., в том числе подготовительный период — 2 мес. Работы ведутся в две смены.`),
    // a clean trap for stamps.stage_mismatch: the working stage named in the text of a ПД volume
    p(
      rng.pick([
        'На стадии РД предусмотреть временное ограждение строительной площадки высотой 2,0 м.',
        'Рабочая документация разрабатывается после получения положительного заключения экспертизы.',
      ]),
    ),
    p('Монтаж конструкций выполняется башенным краном. Опасные зоны работы крана обозначены на стройгенплане (лист {{sheet:sgp}}).', 'ref:sheet'),
    inlineNorm(ctx, 'Проект организации строительства разработан в соответствии с'),
  ];
  if (pzu) {
    text.push(
      rng.chance(0.5)
        ? p(`Вертикальная планировка и благоустройство ${volumeRef(ctx, pzu)}.`, 'ref:volume')
        : p(`Границы участка и проезды приняты по схеме планировочной организации (см. ${pzu.cipher}, лист {{xsheet:${pzu.code}:spozu}}).`, 'ref:volume'),
    );
  }
  text.push(...normsBlocks(ctx, '3. Перечень нормативных документов'));
  return {
    text,
    drawings: [
      {
        sheetTitle: 'Строительный генеральный план',
        anchor: 'sgp',
        blocks: [
          {
            t: 'drawing',
            caption: 'Строительный генеральный план основного периода',
            scale: 'М 1:500',
            grid: [5, 3],
            labels: ['Башенный кран', 'Опасная зона', 'Бытовой городок'],
          },
        ],
      },
    ],
  };
}

export function buildOos(ctx: BuildCtx): DocContent {
  const { rng } = ctx;
  const text: Block[] = [
    h('1. Результаты оценки воздействия на окружающую среду'),
    p(rng.pick([`Объект размещается по адресу: ${address(ctx)}.`, `Адрес объекта: ${address(ctx)}.`]), 'fact:address'),
    p(
      'Источниками выбросов загрязняющих веществ в период строительства являются двигатели строительной техники и сварочные работы. Санитарно-защитная зона для жилого дома не устанавливается.',
    ),
    p(
      `Объем образования отходов в период строительства — ${num(ctx, rng.int(300, 900) / 10)} т, в том числе отходов IV класса опасности — ${num(ctx, rng.int(100, 290) / 10)} т.`,
    ),
    h('2. Мероприятия по охране атмосферного воздуха и по защите от шума'),
    p('Предусмотрено ограничение одновременной работы строительной техники, своевременный вывоз строительного мусора, устройство пункта мойки колес.'),
    inlineNorm(ctx, 'Уровни шума оценены по'),
    ...normsBlocks(ctx, '3. Перечень нормативных документов'),
  ];
  return { text, drawings: [] };
}

export function buildPb(ctx: BuildCtx): DocContent {
  const { facts } = ctx;
  const t = facts.tep;
  const ar = volumeOf(ctx, 'АР');
  const text: Block[] = [
    h('1. Описание системы обеспечения пожарной безопасности'),
    ...fireBlocks(ctx, true),
    ...fireTraps(ctx),
    storeysSentence(ctx),
    heightSentence(ctx, true),
    ...fireHeightBlocks(ctx),
    p(`Площадь этажа в пределах пожарного отсека не превышает 2500 ${ctx.areaUnit}.`),
    fireHeightNormQuote(),
    h('2. Эвакуационные пути и выходы'),
    p(
      `Эвакуация с этажей предусмотрена по лестничной клетке типа ${t.storeys > 9 ? 'Н1' : 'Л1'}. ${floorsTotal(ctx) > t.storeys ? 'Из подвала предусмотрен обособленный выход непосредственно наружу.' : ''}`,
    ),
    inlineNorm(ctx, 'Требования к эвакуационным путям приняты по'),
    p('Здание оборудуется системой пожарной сигнализации и системой оповещения и управления эвакуацией людей при пожаре.'),
  ];
  if (ar) {
    text.push(
      ctx.rng.chance(0.5)
        ? p(`Планы этажей с указанием путей эвакуации ${volumeRef(ctx, ar)}.`, 'ref:volume')
        : p(`Эвакуационные выходы показаны на планах этажей: ${ar.cipher}, листы {{xsheet:${ar.code}:plan1}}, {{xsheet:${ar.code}:plantyp}}.`, 'ref:volume'),
    );
  }
  text.push(...normsBlocks(ctx, '3. Перечень нормативных документов'));
  return { text, drawings: [] };
}

export function buildTbe(ctx: BuildCtx): DocContent {
  const text: Block[] = [
    h('1. Требования к способам проведения мероприятий по техническому обслуживанию'),
    p(
      'Эксплуатация здания осуществляется в соответствии с проектной документацией. Изменение конструктивных решений и функционального назначения помещений без согласования с проектной организацией не допускается.',
    ),
    storeysSentence(ctx),
    h('2. Периодичность осмотров'),
    {
      t: 'table',
      head: ['Элемент здания', 'Периодичность осмотра'],
      rows: [
        ['Кровля', '2 раза в год'],
        ['Фасады', '1 раз в год'],
        ['Несущие конструкции', '1 раз в 5 лет'],
        ['Инженерные системы', 'по регламенту'],
      ],
      widths: [0.6, 0.4],
    },
    inlineNorm(ctx, 'Правила эксплуатации приняты по'),
    ...normsBlocks(ctx, '3. Перечень нормативных документов'),
  ];
  return { text, drawings: [] };
}

export function buildOdi(ctx: BuildCtx): DocContent {
  const t = ctx.facts.tep;
  const text: Block[] = [
    h('1. Мероприятия по обеспечению доступа инвалидов'),
    p('Вход в здание оборудован пандусом с уклоном не более 5 %. Входные площадки защищены навесом, предусмотрены тактильные указатели.'),
    p(
      `Из ${t.apartments} квартир жилого дома квартиры для семей с инвалидами не предусматриваются заданием на проектирование; доступ МГН обеспечен до лифтовых холлов всех этажей.`,
      'fact:apartments',
    ),
    inlineNorm(ctx, 'Мероприятия разработаны в соответствии с'),
    ...normsBlocks(ctx, '2. Перечень нормативных документов'),
  ];
  return { text, drawings: [] };
}
