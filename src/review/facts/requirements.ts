import { NUMBER_SRC, parseNumber, snippet, unitsToSymbols } from '../text/normalize.ts';
import { energyClass, LETTER_SRC } from './energy-traits.ts';
import type { Bound, RequirementFact, ValueKind } from './types.ts';
import { VALUE_LABELS } from './values.ts';

const AT_MOST = String.raw`не\s+более|не\s+выше|не\s+превыша[а-яё]*|не\s+должн[а-яё]*\s+превышать|максимальн[а-яё]*|предельн[а-яё]*`;
const AT_LEAST = String.raw`не\s+менее|не\s+ниже|минимальн[а-яё]*`;
const UNIT = String.raw`(?:тыс\.?\s*)?(?:м²|м³|кв\.\s?м|куб\.\s?м|га|м(?![а-яё])|этаж[а-яё]*|МВт|кВт|квартир[а-яё]*)`;

/** Requirement labels: the labels of the compared values, and a bare «общая площадь» (in an assignment, of the building). */
const BOUNDED = new Set<ValueKind>(['storeys', 'floors', 'area_building', 'area_plot', 'volume', 'apartments']);
const LABELS: { kind: ValueKind; re: string }[] = [
  ...VALUE_LABELS.filter((l) => BOUNDED.has(l.kind)).map((l) => ({ kind: l.kind, re: l.re })),
  {
    kind: 'area_total',
    re: String.raw`(?:общая\s+)?площадь\s+(?:здания|объекта|жилого\s+(?:дома|здания))(?:\s+общая)?|общая\s+площадь(?!\s+(?:квартир|помещени|комнат|секци|этаж|офис|блок|участк))`,
  },
];

// label, a short gap (units, an ОКЕИ code, «(м²)»), the bound, the number and its unit
const RES = LABELS.map((l) => ({
  kind: l.kind,
  re: new RegExp(
    String.raw`(?<![а-яё])(?:${l.re})(?![а-яё])([^;]{0,60}?)(?<![а-яё])(${AT_MOST}|${AT_LEAST}${l.kind === 'storeys' || l.kind === 'floors' ? '|до' : ''})(?![а-яё])\s*[:\-–—]?\s*(${NUMBER_SRC})(?![\d.,]*\d)\s*(${UNIT})?`,
    'giu',
  ),
}));
/** «не более 4 этажей» with no label: a limit of the storeys. */
const STOREYS_BARE = new RegExp(
  String.raw`(?<![а-яё]|от\s+\d{1,3}\s+)(${AT_MOST}|${AT_LEAST}|до)\s+(\d{1,3})\s+(?:надземных\s+)?(этаж(?:а|ей))(?![а-яё])`,
  'giu',
);
const ENERGY = new RegExp(
  String.raw`класс[а-яё]*\s+(?:энергетической\s+эффективности|энергосбережения|энергоэффективности)(?:\s+(?:здания|объекта|дома))?\s*[:\-–—]?\s*(?:должен\s+быть\s+|принять\s+)?(${AT_LEAST})\s*[:\-–—]?\s*[«"(]?\s*(${LETTER_SRC})`,
  'giu',
);
const HINT = new RegExp(`${AT_MOST}|${AT_LEAST}|(?<![а-яё])до\\s+\\d`, 'iu');

const boundOf = (word: string): Bound => (new RegExp(`^(?:${AT_LEAST})$`, 'iu').test(word) ? '≥' : '≤');
/** A number in the gap is a code or a row number («055», «796», «п. 14»): any other number belongs to another statement. */
const gapIsClean = (gap: string) =>
  !/площад|этаж|объ[её]м|квартир|\.\s+[А-ЯЁ]/u.test(gap) && (gap.match(/\d+(?:[.,]\d+)?/g) ?? []).every((n) => /^0\d+$|^\d{3}$|^\d{1,2}$/.test(n));

/** Limits stated with a bound on a page: «Общая площадь объекта: не более 13000 м²», «не более 4 этажей», «класс … не ниже B». */
export function findRequirements(flat: string, docPage: number): RequirementFact[] {
  if (!HINT.test(flat)) return [];
  const t = unitsToSymbols(flat);
  const out: RequirementFact[] = [];
  const seen = new Set<number>();
  for (const { kind, re } of RES) {
    re.lastIndex = 0;
    for (let m = re.exec(t); m; m = re.exec(t)) {
      if (!gapIsClean(m[1]!)) continue;
      const n = parseNumber(m[3]!);
      const unit = (m[4] ?? '').trim();
      // «до 2025 г.» or a storey count with a unit of area is not this limit
      const upTo = /^до$/iu.test(m[2]!);
      // «до 2025 г.» is no limit; «от 1 до 3 этажей» is a range, read with the values
      if (n === null || n <= 0 || (upTo && (!/^этаж/iu.test(unit) || /от\s+\d+\s*$/iu.test(m[1]!)))) continue;
      const scale = /^тыс/iu.test(unit) ? 1000 : /^га$/iu.test(unit) ? 10000 : 1;
      const end = m.index + m[0].length;
      seen.add(t.indexOf(m[2]!, m.index));
      out.push({
        attribute: kind,
        bound: boundOf(m[2]!),
        value: n * scale,
        unit,
        ...(scale !== 1 ? { scale } : {}),
        raw: m[0].trim(),
        docPage,
        snippet: snippet(t, m.index, end),
      });
    }
  }
  STOREYS_BARE.lastIndex = 0;
  for (let m = STOREYS_BARE.exec(t); m; m = STOREYS_BARE.exec(t)) {
    if (seen.has(m.index)) continue;
    const n = Number(m[2]);
    if (n < 1 || n > 150) continue;
    out.push({
      attribute: 'storeys',
      bound: /^до$/iu.test(m[1]!) ? '≤' : boundOf(m[1]!),
      value: n,
      unit: m[3]!,
      raw: m[0].trim(),
      docPage,
      snippet: snippet(t, m.index, m.index + m[0].length),
    });
  }
  ENERGY.lastIndex = 0;
  for (let m = ENERGY.exec(t); m; m = ENERGY.exec(t)) {
    const cls = energyClass(m[2]!);
    if (!cls || cls.options) continue;
    out.push({
      attribute: 'energy_class',
      bound: '≥',
      value: cls.value,
      unit: '',
      raw: m[0].trim(),
      docPage,
      snippet: snippet(t, m.index, m.index + m[0].length),
    });
  }
  return out;
}
