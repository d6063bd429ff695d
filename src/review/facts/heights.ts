import { parseNumber, snippet } from '../text/normalize.ts';
import type { ValueFact } from './types.ts';

const NUM = String.raw`\d{1,4}(?:[.,]\d{1,3})?`;
/** Words that make a statement about another building, not the designed one. */
const OTHER_BUILDING = /существующ|соседн|смежн|примыкающ|сносим|демонтируем/iu;

// «Пожарно-техническая высота здания — 26,25 м», «… (по п. 3.1 СП 1.13130.2020) составляет 26,25 м»,
// «Пожарно-техническая высота, м 26,25», «здание с пожарно-технической высотой 26,25 м». Between the label and
// the number only separators, a unit and a few verbs may stand: «не более 28 м», «до 50 м» (norm quotes) and
// «секции 1 — 17 м» (a part of the building) do not match.
const FIRE_HEIGHT = new RegExp(
  String.raw`(?<![а-яё])пожарно[\s-]*техническ(?:ая|ой|ую)\s+высот(?:а|ы|е|у|ой)` +
    String.raw`(?:\s+(?:здания|жилого\s+дома|дома|объекта|проектируемого\s+(?:здания|жилого\s+дома|объекта)))?` +
    String.raw`(?:\s*\([^()]{0,100}\))?` +
    String.raw`[\s,:=\-–—]*(?:(м)(?![а-яё²³])\.?[\s,:=\-–—]*)?(?:(?:составляет|составит|равна|принята|определена)\s*[:\-–—]?\s*)?` +
    String.raw`(${NUM})\s*(м(?![а-яё²³\d]))?`,
  'giu',
);

/** C-05: the designed building's пожарно-техническая высота in metres (not the architectural height or a floor's). */
export function findFireHeights(flat: string, docPage: number): ValueFact[] {
  if (!/пожарно[\s-]*техническ/iu.test(flat)) return [];
  const out: ValueFact[] = [];
  FIRE_HEIGHT.lastIndex = 0;
  for (let m = FIRE_HEIGHT.exec(flat); m; m = FIRE_HEIGHT.exec(flat)) {
    // the unit stands in the label («, м») or after the number: a bare number is a table row of something else
    if (!m[1] && !m[3]) continue;
    if (OTHER_BUILDING.test(flat.slice(Math.max(0, m.index - 60), m.index))) continue;
    const value = parseNumber(m[2]!);
    if (value === null || value <= 0 || value > 400) continue;
    const end = m.index + m[0].length;
    out.push({ kind: 'fire_height', value, raw: m[0].replace(/\s*м$/u, '').trim(), docPage, snippet: snippet(flat, m.index, end) });
  }
  return out;
}

const ZERO = /(?<![\d.,])(?:[±+]\s?)?0[.,]000(?![\d])/gu;
const ELEV = String.raw`-?\d{1,4}[.,]\d{1,3}`;
// After «0,000»: «соответствует абсолютной отметке 145,60», «(абс. 145,60)», «= 145,60», «отметке 145,60 в Балтийской системе».
const ABS_AFTER = [
  new RegExp(String.raw`^\s*=\s*(${ELEV})(?![\d])`, 'u'),
  new RegExp(String.raw`(?:абсолютн[а-яё]*\s+(?:отметк|высот)[а-яё]*|абс\.\s*(?:отм\.?)?)\s*[:=\-–—]?\s*(${ELEV})(?![\d])`, 'iu'),
  new RegExp(String.raw`отметк[а-яё]*\s+(${ELEV})(?![\d])\s*(?:м\.?\s*)?\(?\s*(?:в\s+)?(?:БС|Балтийск|абс)`, 'iu'),
];
// Before «0,000»: «Абсолютная отметка 145,60 соответствует относительной отметке 0,000».
const ABS_BEFORE = new RegExp(
  String.raw`абсолютн[а-яё]*\s+отметк[а-яё]*\s+(${ELEV})\s*(?:м\.?\s*)?(?:\([^()]{0,20}\)\s*)?(?:соответствует|принята\s+за)\s+(?:условн[а-яё]*\s+|относительн[а-яё]*\s+)?(?:отметк[а-яё]*\s+)?$`,
  'iu',
);
/** A clause ends at a semicolon, a dot followed by a capital letter, or another elevation mark. */
const CLAUSE_END = /;|\.\s+[А-ЯЁA-Z]|[+\-−]\s?\d+[.,]\d{3}(?!\d)/u;

/**
 * C-09: the absolute elevation taken as the designed building's 0,000 («Отметка 0,000 соответствует абсолютной
 * отметке 145,60», «За относительную отметку 0.000 принята отметка чистого пола первого этажа, соответствующая
 * абсолютной отметке 145.60 (БС)»). Marks of an existing or neighbouring building are not taken.
 */
export function findZeroElevations(flat: string, docPage: number): ValueFact[] {
  if (!/0[.,]000/.test(flat)) return [];
  const out: ValueFact[] = [];
  ZERO.lastIndex = 0;
  for (let m = ZERO.exec(flat); m; m = ZERO.exec(flat)) {
    const zeroEnd = m.index + m[0].length;
    let tail = flat.slice(zeroEnd, zeroEnd + 220);
    const stop = CLAUSE_END.exec(tail);
    if (stop) tail = tail.slice(0, stop.index + 1);
    let found: { num: string; start: number; end: number } | null = null;
    for (const re of ABS_AFTER) {
      const a = re.exec(tail);
      if (a) {
        found = { num: a[1]!, start: m.index, end: zeroEnd + a.index + a[0].length };
        break;
      }
    }
    if (!found) {
      const head = flat.slice(Math.max(0, m.index - 160), m.index);
      const b = ABS_BEFORE.exec(head);
      if (b) found = { num: b[1]!, start: m.index - (head.length - b.index), end: zeroEnd };
    }
    if (!found) continue;
    // «Отметка 0,000 существующего здания …», «… соседнего жилого дома соответствует …»
    const said = flat.slice(Math.max(0, found.start - 60), found.end);
    if (OTHER_BUILDING.test(said)) continue;
    const value = parseNumber(found.num.replace(/^-/, ''));
    if (value === null || value === 0) continue;
    const signed = found.num.startsWith('-') ? -value : value;
    out.push({ kind: 'zero_elevation', value: signed, raw: `0,000 = ${found.num}`, docPage, snippet: snippet(flat, found.start, found.end) });
  }
  return out;
}
