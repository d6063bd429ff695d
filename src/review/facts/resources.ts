import { parseNumber, snippet, unitsToSymbols } from '../text/normalize.ts';
import type { ResourceFact, ResourceKind, ResourceMeasure } from './types.ts';

/** 1 Гкал/ч = 1,163 МВт: heat loads are compared in кВт whichever unit they were written in. */
export const KW_PER_GCAL_H = 1163;

const NUM = String.raw`\d{1,3}(?:[ \u00a0]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;
const SEP = String.raw`[\s,:=\-–—]*`;
const VERB = String.raw`(?:(?:составляет|составит|равна|равно|принята|принято|определена|предусмотрена)\s*[:\-–—]?\s*)?`;
// Words naming the whole designed object after a label; anything else there (квартир, лифтов, на отопление,
// I категории, секции 1, в период строительства) makes the figure a part and it is not taken.
const OBJECT = String.raw`(?:[\s,]+(?:здания|жилого\s+дома|дома|объекта|проектируемого\s+(?:здания|жилого\s+дома|объекта)|по\s+объекту|на\s+объект|на\s+здание|всего|общая|общий|суммарная|присоединяемых\s+энергопринимающих\s+устройств|энергопринимающих\s+устройств)(?![а-яё]))*`;

const POWER_UNIT = String.raw`кВт(?!\s?[·*.]?\s?ч)|кВ\s?[·*.]?\s?А|МВт(?!\s?[·*.]?\s?ч)`;
const WATER_UNIT = String.raw`м³\s?\/\s?(?:сут(?:ки|ок)?\.?|ч(?:ас)?\.?)|л\s?\/\s?с(?:ек)?\.?`;
const HEAT_UNIT = String.raw`Гкал\s?\/\s?ч(?:ас)?\.?|кВт(?!\s?[·*.]?\s?ч)|МВт(?!\s?[·*.]?\s?ч)`;

// The noun a label of water or heat is built on: a page without it is not searched for the label (a page may say
// «водоснабжение» or «теплотехнический» without stating any consumption).
const WATER_HEAD = String.raw`(?:водопотреблени[а-яё]*|расход[а-яё]*\s+воды)`;
const HEAT_HEAD = String.raw`(?:тепловая\s+нагрузка|тепловой\s+нагрузки|теплопотреблени[а-яё]*|расход\s+тепла|потребност[а-яё]*\s+в\s+тепл[а-яё]*(?:\s+энерги[а-яё]*)?)`;

interface Label {
  resource: ResourceKind;
  /** What every match holds: the label is looked for only on a page that has it. */
  word: RegExp;
  re: RegExp;
  measure: (label: string) => ResourceMeasure | null;
}

const label = (src: string, unit: string) =>
  new RegExp(String.raw`(?<![а-яё])(${src})${OBJECT}${SEP}(?:(${unit})${SEP})?${VERB}(${NUM})(?![\d.,]*\d)\s*(${unit})?`, 'giu');

const LABELS: Label[] = [
  {
    resource: 'power',
    word: /мощност|нагрузк/iu,
    re: label(
      String.raw`(?:расчетн|расчётн|установленн|максимальн|разрешенн|разрешённ)[а-яё]*\s+(?:электрическ[а-яё]*\s+)?(?:мощност[а-яё]*|нагрузк[а-яё]*)(?:\s+электроприемников)?|электрическ[а-яё]*\s+(?:мощност[а-яё]*|нагрузк[а-яё]*)\s+(?:расчетн|расчётн|установленн|максимальн)[а-яё]*`,
      POWER_UNIT,
    ),
    measure: (l) => (/установленн/iu.test(l) ? 'installed' : /максимальн|разрешенн|разрешённ/iu.test(l) ? 'max' : /расч[её]тн/iu.test(l) ? 'design' : null),
  },
  {
    resource: 'water',
    word: new RegExp(WATER_HEAD, 'iu'),
    re: label(
      String.raw`(?:(?:общ|суммарн|расчетн|расчётн|суточн|максимальн|среднесуточн|средн)[а-яё]*\s+)*${WATER_HEAD}(?:\s+(?:суточн|максимальн|средн)[а-яё]*)?(?:\s+на\s+хозяйственно[\s-]*питьевые\s+нужды)?`,
      WATER_UNIT,
    ),
    measure: (l) => (/максимальн/iu.test(l) ? 'max' : /средн/iu.test(l) ? 'avg' : /хозяйственно/iu.test(l) ? 'domestic' : 'total'),
  },
  {
    resource: 'heat',
    word: new RegExp(HEAT_HEAD, 'iu'),
    re: label(String.raw`(?:(?:общ|суммарн|расчетн|расчётн|максимальн|часов)[а-яё]*\s+)*${HEAT_HEAD}`, HEAT_UNIT),
    measure: (l) => (/максимальн/iu.test(l) ? 'max' : 'total'),
  },
];

/** «в т.ч.», «из них», «включая»: the figure right after is a part of a total stated before. */
const PART_BEFORE = /(?:в\s*т\.\s*ч\.?|в\s+том\s+числе|из\s+них|включая|кроме\s+того)[^.;]{0,25}$/iu;
const OTHER_OBJECT = /существующ|соседн|смежн|на\s+период\s+строительства|строительн[а-яё]+\s+площадк/iu;

function unitOf(resource: ResourceKind, unit: string): { unit: string; scale: number } | null {
  const u = unit.replace(/\s/g, '').toLowerCase();
  if (resource === 'heat') {
    if (u.startsWith('гкал')) return { unit: 'кВт', scale: KW_PER_GCAL_H };
    if (u.startsWith('мвт')) return { unit: 'кВт', scale: 1000 };
    return { unit: 'кВт', scale: 1 };
  }
  if (resource === 'power') {
    if (u.startsWith('мвт')) return { unit: 'кВт', scale: 1000 };
    return /^кв[·*.]?а/.test(u) ? { unit: 'кВ·А', scale: 1 } : { unit: 'кВт', scale: 1 };
  }
  if (u.startsWith('л')) return { unit: 'л/с', scale: 1 };
  return /сут/.test(u) ? { unit: 'м³/сут', scale: 1 } : { unit: 'м³/ч', scale: 1 };
}

/**
 * E-01: labelled totals of the designed object — electric power (расчетная, установленная, максимальная), water
 * consumption and heat load. Parts («в т.ч. на наружное освещение 12 кВт», «на отопление»), loads of an existing
 * building and of the construction period are not taken. `flat`: the page text with line breaks collapsed.
 */
export function findResources(flatText: string, docPage: number): ResourceFact[] {
  const out: ResourceFact[] = [];
  if (!/мощност|нагрузк|вод|тепл/iu.test(flatText)) return out;
  const flat = unitsToSymbols(flatText);
  for (const l of LABELS) {
    if (!l.word.test(flat)) continue;
    l.re.lastIndex = 0;
    for (let m = l.re.exec(flat); m; m = l.re.exec(flat)) {
      const unitText = m[2] ?? m[4];
      const measure = l.measure(m[1]!);
      if (!unitText || !measure) continue;
      const before = flat.slice(Math.max(0, m.index - 60), m.index);
      if (PART_BEFORE.test(before) || OTHER_OBJECT.test(before) || OTHER_OBJECT.test(m[0])) continue;
      const n = parseNumber(m[3]!);
      const u = unitOf(l.resource, unitText);
      if (n === null || n <= 0 || !u) continue;
      const end = m.index + m[0].length;
      out.push({
        resource: l.resource,
        measure,
        unit: u.unit,
        value: Math.round(n * u.scale * 1000) / 1000,
        raw: m[0].slice(0, m[0].length - (m[4]?.length ?? 0)).trim(),
        ...(u.scale !== 1 ? { scale: u.scale } : {}),
        docPage,
        snippet: snippet(flat, m.index, end),
      });
    }
  }
  return out;
}

export const RESOURCE_TITLES: Record<ResourceKind, Partial<Record<ResourceMeasure, string>>> = {
  power: { design: 'расчетная электрическая мощность', installed: 'установленная электрическая мощность', max: 'максимальная электрическая мощность' },
  water: {
    total: 'водопотребление',
    domestic: 'расход воды на хозяйственно-питьевые нужды',
    max: 'максимальный суточный расход воды',
    avg: 'среднесуточный расход воды',
  },
  heat: { total: 'тепловая нагрузка', max: 'максимальная тепловая нагрузка' },
};
