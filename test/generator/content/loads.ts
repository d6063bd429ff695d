/**
 * Phrasings of the fire height, the 0,000 elevation, the loads and the initial documents (ГПЗУ, ТУ), with the traps real
 * sets hold: a norm quote of heights, an existing building's elevation, partial loads, ТУ of other networks.
 */
import { Rng } from '../rng.ts';
import type { Block } from '../model.ts';
import { num, p, type BuildCtx } from './common.ts';

/** A stream of its own per document: these phrasings do not shift the draws of the rest of the content. */
export function loadsRng(ctx: BuildCtx, salt: string): Rng {
  let h = 0x811c9dc5;
  for (const c of `${ctx.set.gpzu}|${ctx.cipher}|${salt}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return new Rng(h);
}

const dotted = (x: number, d: number) => x.toFixed(d);

export function fireHeightBlocks(ctx: BuildCtx): Block[] {
  const rng = loadsRng(ctx, 'fire');
  const h = num(ctx, ctx.facts.fireHeight, 2);
  const pick = rng.int(0, 3);
  if (pick === 3) {
    return [
      {
        t: 'table',
        head: ['Наименование показателя', 'Ед. изм.', 'Значение'],
        rows: [
          ['Пожарно-техническая высота', 'м', h],
          ['Высота этажа', 'м', '3,0'],
        ],
        widths: [0.6, 0.15, 0.25],
        tags: ['fact:fireHeight'],
      },
    ];
  }
  return [
    p(
      [
        `Пожарно-техническая высота здания — ${h} м.`,
        `Пожарно-техническая высота здания (определена в соответствии с п. 3.1 СП 1.13130.2020) составляет ${h} м.`,
        `Здание с пожарно-технической высотой ${h} м, высота этажа — 3,0 м.`,
      ][pick]!,
      'fact:fireHeight',
    ),
  ];
}

/** A norm quote of the ПБ: a height of the norm, not of the building. */
export function fireHeightNormQuote(): Block {
  return p('Согласно СП 2.13130.2020 для зданий класса Ф1.3 с пожарно-технической высотой не более 28 м допускается II степень огнестойкости.');
}

export function zeroBlock(ctx: BuildCtx): Block {
  const rng = loadsRng(ctx, 'zero');
  const z = ctx.facts.zeroAbs;
  return p(
    rng.pick([
      `Отметка 0,000 соответствует абсолютной отметке ${num(ctx, z, 2)}.`,
      `За относительную отметку 0.000 принята отметка чистого пола первого этажа, соответствующая абсолютной отметке ${dotted(z, 2)} (БС).`,
      `За отметку ±0,000 принят уровень чистого пола 1-го этажа, что соответствует абсолютной отметке ${num(ctx, z, 2)} в Балтийской системе высот.`,
      `Абсолютная отметка ${num(ctx, z, 2)} соответствует относительной отметке 0,000.`,
    ]),
    'fact:zero',
  );
}

/** ПЗУ: the neighbouring building's own 0,000, which is not the designed one's. */
export function existingZeroTrap(ctx: BuildCtx): Block {
  return p(`Отметка 0,000 существующего здания трансформаторной подстанции соответствует абсолютной отметке ${num(ctx, ctx.facts.zeroAbs - 0.85, 2)}.`);
}

export function gpzuBlock(ctx: BuildCtx): Block {
  const f = ctx.facts;
  return p(
    loadsRng(ctx, 'gpzu').pick([
      `Границы земельного участка приняты в соответствии с градостроительным планом земельного участка № ${f.gpzu} от ${f.gpzuDate}.`,
      `Градостроительный план земельного участка (ГПЗУ) № ${f.gpzu}, выдан ${f.gpzuDate}.`,
      `Планировочные ограничения приняты по ГПЗУ № ${f.gpzu} от ${f.gpzuDate} г.`,
    ]),
    'fact:gpzu',
  );
}

/** ИОС1: the connection ТУ and the object's power; «в т.ч.» parts and the consumers' table are not the total. */
export function powerBlocks(ctx: BuildCtx): Block[] {
  const rng = loadsRng(ctx, 'power');
  const f = ctx.facts;
  const tu = p(
    rng.pick([
      `Электроснабжение жилого дома предусмотрено от проектируемой трансформаторной подстанции 10/0,4 кВ в соответствии с техническими условиями на технологическое присоединение к электрическим сетям № ${f.tu.power.number} от ${f.tu.power.date}.`,
      `Электроснабжение предусмотрено по ТУ на технологическое присоединение № ${f.tu.power.number} от ${f.tu.power.date}, выданным сетевой организацией.`,
    ]),
    'fact:tu:power',
  );
  const load = rng.int(0, 2);
  const loads: Block =
    load === 2
      ? {
          t: 'table',
          head: ['Показатель', 'Ед. изм.', 'Значение'],
          rows: [
            ['Установленная мощность', 'кВт', num(ctx, f.installed, 0)],
            ['Расчетная мощность', 'кВт', num(ctx, f.power, 0)],
            ['Коэффициент мощности', '', '0,95'],
          ],
          widths: [0.55, 0.2, 0.25],
          tags: ['fact:power'],
        }
      : p(
          [
            `Расчетная мощность жилого дома — ${num(ctx, f.power, 0)} кВт, в т.ч. на наружное освещение 12 кВт.`,
            `Установленная мощность — ${num(ctx, f.installed, 0)} кВт, расчетная электрическая нагрузка жилого дома составляет ${num(ctx, f.power, 0)} кВт.`,
          ][load]!,
          'fact:power',
        );
  return [tu, loads];
}

export function waterBlocks(ctx: BuildCtx): Block[] {
  const rng = loadsRng(ctx, 'water');
  const f = ctx.facts;
  return [
    p(
      rng.pick([
        `Водоснабжение предусмотрено в соответствии с техническими условиями на подключение к централизованной системе холодного водоснабжения № ${f.tu.water.number} от ${f.tu.water.date}.`,
        `Подключение к сетям водоснабжения выполняется по ТУ № ${f.tu.water.number} от ${f.tu.water.date} на подключение к централизованной системе холодного водоснабжения.`,
      ]),
      'fact:tu:water',
    ),
    p(
      rng.pick([
        `Расчетный расход воды на хозяйственно-питьевые нужды — ${num(ctx, f.water, 2)} м³/сут. Расход воды на внутреннее пожаротушение — 2 струи по 2,6 л/с.`,
        `Расход воды на хозяйственно-питьевые нужды составляет ${num(ctx, f.water, 2)} м3/сут, в том числе на горячее водоснабжение — ${num(ctx, f.water * 0.4, 2)} м3/сут.`,
      ]),
      'fact:water',
    ),
  ];
}

export function heatBlocks(ctx: BuildCtx): Block[] {
  const rng = loadsRng(ctx, 'heat');
  const f = ctx.facts;
  const kw = Math.round(f.heat * 1163);
  return [
    p(`Теплоснабжение предусмотрено по техническим условиям на подключение к тепловым сетям № ${f.tu.heat.number} от ${f.tu.heat.date}.`, 'fact:tu:heat'),
    rng.chance(0.35)
      ? {
          t: 'table',
          head: ['Наименование', 'Ед. изм.', 'Значение'],
          rows: [
            ['Тепловая нагрузка, всего', 'Гкал/ч', num(ctx, f.heat, 3)],
            ['в том числе на отопление', 'Гкал/ч', num(ctx, f.heat * 0.6, 3)],
          ],
          widths: [0.55, 0.2, 0.25],
          tags: ['fact:heat'],
        }
      : p(
          rng.pick([`Общая тепловая нагрузка — ${num(ctx, f.heat, 3)} Гкал/ч (${num(ctx, kw, 0)} кВт).`, `Тепловая нагрузка, всего — ${num(ctx, kw, 0)} кВт.`]),
          'fact:heat',
        ),
  ];
}

/** ПЗ: the initial documents (ГПЗУ, ТУ, with ТУ of other networks) and the object's needs in resources. */
export function pzInitialDocs(ctx: BuildCtx): Block[] {
  const f = ctx.facts;
  const rng = loadsRng(ctx, 'pz');
  const phone = `${rng.int(10, 99)}/${rng.int(100, 999)}-С`;
  return [
    {
      t: 'table',
      head: ['№ п/п', 'Наименование документа', 'Номер', 'Дата'],
      rows: [
        ['1', 'Градостроительный план земельного участка', `№ ${f.gpzu}`, f.gpzuDate],
        ['2', 'Технические условия на технологическое присоединение к электрическим сетям', `№ ${f.tu.power.number}`, f.tu.power.date],
        ['3', 'Технические условия на подключение к сетям холодного водоснабжения', `№ ${f.tu.water.number}`, f.tu.water.date],
        ['4', 'Технические условия на подключение к тепловым сетям', `№ ${f.tu.heat.number}`, f.tu.heat.date],
        ['5', 'Технические условия на телефонизацию и радиофикацию', `№ ${phone}`, f.tu.heat.date],
      ],
      widths: [0.08, 0.52, 0.22, 0.18],
      tags: ['fact:gpzu', 'fact:tu:power', 'fact:tu:water', 'fact:tu:heat'],
    },
  ];
}

export function pzResources(ctx: BuildCtx): Block[] {
  const f = ctx.facts;
  if (loadsRng(ctx, 'res').chance(0.5)) {
    return [
      {
        t: 'table',
        head: ['Ресурс', 'Ед. изм.', 'Потребность'],
        rows: [
          ['Расчетная мощность', 'кВт', num(ctx, f.power, 0)],
          ['Расход воды на хозяйственно-питьевые нужды', 'м³/сут', num(ctx, f.water, 2)],
          ['Тепловая нагрузка, всего', 'Гкал/ч', num(ctx, f.heat, 3)],
        ],
        widths: [0.55, 0.2, 0.25],
        tags: ['fact:power', 'fact:water', 'fact:heat'],
      },
    ];
  }
  return [
    p(
      `Расчетная мощность объекта — ${num(ctx, f.power, 0)} кВт. Расход воды на хозяйственно-питьевые нужды — ${num(ctx, f.water, 2)} м³/сут.`,
      'fact:power',
      'fact:water',
    ),
    p(`Общая тепловая нагрузка — ${num(ctx, f.heat, 3)} Гкал/ч, в том числе на отопление — ${num(ctx, f.heat * 0.6, 3)} Гкал/ч.`, 'fact:heat'),
  ];
}
