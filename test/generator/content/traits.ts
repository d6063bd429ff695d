/** Phrasings of the object's characteristics (C-10 … C-12) and the traps real documents hold next to them. */
import type { Block } from '../model.ts';
import { h, p, type BuildCtx } from './common.ts';

const SNOW_LOAD: Record<string, string> = { I: '0,5', II: '1,0', III: '1,5', IV: '2,0', V: '2,5', VI: '3,0', VII: '3,5', VIII: '4,0' };
const WIND_LOAD: Record<string, string> = { Iа: '0,17', I: '0,23', II: '0,30', III: '0,38', IV: '0,48', V: '0,60', VI: '0,73', VII: '0,85' };
const KS: Record<string, string> = { повышенный: 'КС-3', нормальный: 'КС-2', пониженный: 'КС-1' };
const DATIVE: Record<string, string> = { повышенный: 'повышенному', нормальный: 'нормальному', пониженный: 'пониженному' };
const ENERGY_NAME: Record<string, string> = { 'A++': 'высочайший', 'A+': 'высочайший', A: 'очень высокий', B: 'высокий', C: 'повышенный', D: 'нормальный' };

const FIRE_TAGS = ['fact:fire_resistance', 'fact:structural'];

/** Степень огнестойкости and класс конструктивной пожарной опасности, with the Ф-class when `functional`. */
export function fireBlocks(ctx: BuildCtx, functional: boolean): Block[] {
  const t = ctx.facts.traits;
  const shops = ctx.set.commercialGround;
  const tags = functional ? [...FIRE_TAGS, 'fact:functional'] : FIRE_TAGS;
  const latin = t.structural.replace('С', 'C');
  switch (ctx.rng.int(0, 4)) {
    case 0:
      return [
        p(
          `Степень огнестойкости здания — ${t.fireResistance}, класс конструктивной пожарной опасности — ${t.structural}${functional ? `, класс функциональной пожарной опасности здания — ${t.functional}${shops ? ', встроенных нежилых помещений — Ф4.3' : ''}` : ''}.`,
          ...tags,
        ),
      ];
    case 1:
      return [
        p(
          `Проектируемое здание ${t.fireResistance} степени огнестойкости, класса конструктивной пожарной опасности ${t.structural}${functional ? `, класса функциональной пожарной опасности ${t.functional}` : ''}.`,
          ...tags,
        ),
      ];
    case 2: {
      const rows = [
        ['Степень огнестойкости', t.fireResistance],
        ['Класс конструктивной пожарной опасности', t.structural],
      ];
      if (functional) rows.push(['Класс функциональной пожарной опасности', shops ? `${t.functional}; встроенные помещения — Ф4.3` : t.functional]);
      return [
        p('Пожарно-технические характеристики здания приведены в таблице.'),
        { t: 'table', head: ['Характеристика', 'Значение'], rows, widths: [0.65, 0.35], tags },
      ];
    }
    case 3:
      return [
        p(
          `Степень огнестойкости: ${t.fireResistance}. Класс конструктивной пожарной опасности: ${latin}.${functional ? ` Класс функциональной пожарной опасности: ${shops ? `${t.functional}, Ф4.3 (встроенные помещения первого этажа)` : t.functional}.` : ''}`,
          ...tags,
        ),
      ];
    default:
      return [
        p(
          `Здание относится ко ${t.fireResistance} степени огнестойкости. Класс конструктивной пожарной опасности здания — ${t.structural}.${functional ? ` Класс функциональной пожарной опасности здания — ${t.functional}.` : ''}`,
          ...tags,
        ),
      ];
  }
}

export function responsibilitySentence(ctx: BuildCtx): Block {
  const r = ctx.facts.traits.responsibility;
  return p(
    ctx.rng.pick([
      `Уровень ответственности здания — ${r}.`,
      `Уровень ответственности — ${r} (класс сооружения ${KS[r]}).`,
      `Здание относится к ${DATIVE[r]} уровню ответственности.`,
      `Идентификационные признаки здания: уровень ответственности — ${r}, класс сооружения ${KS[r]}.`,
    ]),
    'fact:responsibility',
  );
}

/** The five-day temperature in the spellings designers use: the word, a hyphen, a minus sign, a decimal, no space. */
function temperature(ctx: BuildCtx): string {
  const v = Math.abs(ctx.facts.traits.temperature);
  return ctx.rng.pick([`минус ${v} °С`, `-${v} °С`, `−${v} °C`, `минус ${v},0 °С`, `-${v}°С`]);
}

/** A temperature of the heating period, above zero in the south: «минус 2,2 °С», «2,7 °С». */
export function heatingMean(ctx: BuildCtx): string {
  const m = ctx.facts.traits.heatingMean;
  return `${m < 0 ? 'минус ' : ''}${String(Math.abs(m)).replace('.', ',')} °С`;
}

/** «Климатические параметры приняты по г. Кострома»: a town without a station of its own names the one its data were taken for. */
function namedStation(ctx: BuildCtx): Block[] {
  const s = ctx.set.climateStation;
  return s ? [p(`Климатические параметры района строительства приняты по г. ${s} (СП 131.13330.2020, таблица 3.1).`)] : [];
}

function seismic(ctx: BuildCtx): string {
  const s = ctx.facts.traits.seismic;
  return s ? `${s} баллов` : 'менее 6 баллов';
}

export type ClimateFact = 'district' | 'snow' | 'wind' | 'seismic' | 'temperature';
const CLIMATE_TAG: Record<ClimateFact, string> = {
  district: 'fact:climate_district',
  snow: 'fact:snow',
  wind: 'fact:wind',
  seismic: 'fact:seismic',
  temperature: 'fact:temperature',
};

/** Climate data of the site in sentences or a table; every fact asked for is stated with its label. */
export function climateBlocks(ctx: BuildCtx, facts: ClimateFact[]): Block[] {
  const t = ctx.facts.traits;
  const has = (f: ClimateFact) => facts.includes(f);
  if (ctx.rng.chance(0.3)) {
    const rows: string[][] = [];
    if (has('district')) rows.push(['Климатический подрайон', t.climateDistrict]);
    if (has('snow')) rows.push(['Снеговой район', t.snow]);
    if (has('wind')) rows.push(['Ветровой район', t.wind]);
    if (has('seismic')) rows.push(['Сейсмичность площадки', seismic(ctx)]);
    if (has('temperature')) {
      // a table may give the unit in the row's label and the bare number in its cell («…, °С | −26»)
      const bare = ctx.facts.tep.apartments % 2 === 0;
      const v = ctx.facts.traits.temperature;
      rows.push(
        bare
          ? ['Расчетная температура наружного воздуха (холодной пятидневки), °С', String(v).replace('-', '−')]
          : ['Расчетная температура наружного воздуха (холодной пятидневки)', temperature(ctx)],
      );
    }
    return [
      ...(has('temperature') ? namedStation(ctx) : []),
      { t: 'table', head: ['Характеристика района строительства', 'Значение'], rows, widths: [0.7, 0.3], tags: facts.map((f) => CLIMATE_TAG[f]) },
    ];
  }
  const out: Block[] = [];
  const alt = ctx.rng.chance(0.5);
  if (has('district'))
    out.push(
      p(
        alt ? `Район строительства относится к климатическому подрайону ${t.climateDistrict}.` : `Климатический район строительства — ${t.climateDistrict}.`,
        CLIMATE_TAG.district,
      ),
    );
  if (has('snow') && has('wind')) {
    out.push(
      p(
        alt
          ? `Район строительства по весу снегового покрова — ${t.snow}, по давлению ветра — ${t.wind}.`
          : `Снеговой район — ${t.snow} (Sg = ${SNOW_LOAD[t.snow]} кПа), ветровой район — ${t.wind} (w0 = ${WIND_LOAD[t.wind]} кПа).`,
        CLIMATE_TAG.snow,
        CLIMATE_TAG.wind,
      ),
    );
  }
  if (has('seismic'))
    out.push(p(alt ? `Сейсмичность района строительства — ${seismic(ctx)} по шкале MSK-64.` : `Сейсмичность площадки — ${seismic(ctx)}.`, CLIMATE_TAG.seismic));
  if (has('temperature')) {
    out.push(...namedStation(ctx));
    out.push(
      p(
        alt
          ? `Расчетная температура наружного воздуха в холодный период года — ${temperature(ctx)}.`
          : `Температура наружного воздуха наиболее холодной пятидневки обеспеченностью 0,92 — ${temperature(ctx)}.`,
        CLIMATE_TAG.temperature,
      ),
    );
  }
  return out;
}

/** The energy-efficiency class (ЭЭ text of ПЗ and АР), by letter in either alphabet or by its name. */
export function energySentence(ctx: BuildCtx): Block {
  const c = ctx.facts.traits.energyClass;
  const name = ENERGY_NAME[c] ?? '';
  const cyr = c.replace('A', 'А').replace('B', 'В').replace('C', 'С');
  return p(
    ctx.rng.pick([
      `Класс энергетической эффективности здания — ${c} (${name}).`,
      `Здание относится к классу энергетической эффективности «${cyr}».`,
      `Класс энергетической эффективности многоквартирного дома — ${cyr}.`,
      `Проектом принят класс энергетической эффективности ${c} – ${name}.`,
      `Класс энергосбережения здания — «${name}».`,
    ]),
    'fact:energy',
  );
}

/** Norm requirements and neighbouring buildings in ПБ: ranges and other buildings' classes, not the object's. */
export function fireTraps(ctx: BuildCtx): Block[] {
  const out = [
    p(
      ctx.rng.pick([
        'Согласно требованиям норм для зданий I и II степени огнестойкости класса конструктивной пожарной опасности С0 и С1 допускается не предусматривать противопожарные преграды между секциями.',
        'Степень огнестойкости здания и класс конструктивной пожарной опасности должны быть не ниже требуемых для зданий класса функциональной пожарной опасности Ф1.3 высотой до 50 м.',
      ]),
    ),
    p(
      ctx.rng.pick([
        'Противопожарные расстояния до соседнего здания (существующий гараж V степени огнестойкости, класса конструктивной пожарной опасности С3) приняты не менее 15 м.',
        'С восточной стороны расположено соседнее здание: степень огнестойкости — IV, класс конструктивной пожарной опасности — С2; противопожарный разрыв составляет 18 м.',
      ]),
    ),
  ];
  if (ctx.set.commercialGround)
    out.push(
      p(
        'Встроенные помещения общественного назначения: класс функциональной пожарной опасности — Ф4.3. Помещения отделены от жилой части противопожарными перекрытиями 2-го типа.',
      ),
    );
  return out;
}

/** A table of the nearest weather stations: another town's temperature beside the site's. */
export function stationTable(ctx: BuildCtx): Block[] {
  const s = ctx.set.nearbyStation;
  return [
    h('Климатические параметры по данным метеостанций'),
    {
      t: 'table',
      head: ['Метеостанция', 'Температура воздуха наиболее холодной пятидневки (0,92), °С', 'Продолжительность отопительного периода, сут'],
      rows: [
        [ctx.facts.address.city, String(ctx.facts.traits.temperature).replace('-', '−'), String(ctx.facts.traits.heatingDays)],
        [s.name, String(s.temperature).replace('-', '−'), '218'],
      ],
      widths: [0.3, 0.4, 0.3],
    },
  ];
}
