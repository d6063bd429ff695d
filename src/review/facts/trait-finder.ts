import { snippet } from '../text/normalize.ts';
import type { TraitFact, TraitKind } from './types.ts';

/** A canonical value read from its raw spelling. */
export interface TraitValue {
  value: string;
  options?: string[];
}

/** How one characteristic is written: its labels, its values and what may follow a value. */
export interface TraitSpec {
  kind: TraitKind;
  /** Cheap test a page must pass before the expressions run. */
  hint: RegExp;
  /** Label sources; the value follows after FILLER («Степень огнестойкости здания — II»). */
  labels: string[];
  /** Source of one value, without capture groups. */
  value: string;
  canon(raw: string): TraitValue | null;
  /** Values listed right after the first («Ф1.3, Ф4.3») are one set of the document; otherwise a list is a range quoted from a norm and skipped. */
  listIsSet?: boolean;
  /** Statements with the value before the label («Здание относится ко II степени огнестойкости»); group 1 is the value. */
  reverse?: RegExp[];
  /** Words right after the value that name a part of the building: the value is not the building's. */
  partAfter?: RegExp;
  /** More about a fact from the words after it (the seismic map). */
  detail?(after: string): Partial<TraitFact>;
}

/** Qualifiers naming the building itself after a label («степень огнестойкости жилого дома»). */
export const OBJECT_QUALIFIER = String.raw`(?:\s+(?:проектируем\S+\s+)?(?:здания|объекта|сооружения|многоквартирного\s+(?:жилого\s+)?дома|жилого\s+(?:дома|здания)|дома|корпуса|площадки|участка|строительства|территории|района\s+строительства|района))?`;

// Between a label and its value: dashes, colons, table bars, a few verbs, a short parenthesis (checked for neighbours below).
const FILLER = String.raw`(?:\s*(?:[:=|\-]|\([^()]{0,60}\)|принят[аоы]?|составля\S*|соответству\S*|определен[аоы]?|является|присвоен\S*|относится\s+ко?)\s*)*?\s*[«"“]?\s*`;

/**
 * Words before a statement (in its sentence) or inside the label that make it no statement of the designed building:
 * neighbours, norms quoted for buildings in general (plural), requirements and conditions.
 */
const NOT_THE_OBJECT =
  /соседн|существующ|смежн|рядом|окружающ|ближайш|прилегающ|други[хм]\s|(?<![а-яё])(?:здани(?:й|ях|ям|ями)|сооружени(?:й|ях|ям)|домов)(?![а-яё])|(?:для|в|во)\s+(?:встроенн|пристроенн|нежил|подземн|помещени|автостоянк|паркинг|част[иь])|для\s+(?:здани|объект|сооружени)|требуем|допустим|минимальн|максимальн|не\s+(?:ниже|выше|более|менее)|должн|допуска|следует|в\s+зависимости|при\s+(?:степени|класс)|если|класс[аеы]?\s+[СC]\d\s*[-и,]/iu;
/** A part of the building named right before the label: «Встроенные помещения: класс … — Ф4.3». */
const PART_BEFORE = /(?:встроенн|пристроенн|нежил|подземн)\S*\s+(?:помещени|част|автостоянк)[^.;:]{0,40}[:-]?\s*$/iu;
/** Words after a value (in its sentence) that turn it into a rule or a possibility. */
const RULE_AFTER = /^[^.;]{0,60}?(?:допуска|следует|должн|могут|может\s+быть|не\s+нормиру)/iu;
const LIST_SEP = String.raw`\s*(?:[,;/+\-÷]|\.{2,3}|(?<![а-яё])(?:и|или|до)(?![а-яё]))?\s*`;

/** The words of the sentence before `at`, at most 110 characters (a sentence ends with «.», «;», «!» or «?» and a space). */
function sentenceBefore(text: string, at: number): string {
  const s = text.slice(Math.max(0, at - 110), at);
  const cut = Math.max(s.lastIndexOf('. '), s.lastIndexOf('; '), s.lastIndexOf('! '), s.lastIndexOf('? '));
  return cut >= 0 ? s.slice(cut + 2) : s;
}

interface Compiled {
  labelled: RegExp;
  next: RegExp;
}

const cache = new WeakMap<TraitSpec, Compiled>();

function compile(spec: TraitSpec): Compiled {
  let c = cache.get(spec);
  if (!c) {
    const labels = spec.labels.map((l) => `(?:${l})`).join('|');
    c = {
      labelled: new RegExp(String.raw`(?<![\p{L}\d])((?:${labels})${OBJECT_QUALIFIER}${FILLER})(${spec.value})(?![\p{L}\d])`, 'giu'),
      // another value of the same kind right after the first: a list or a range
      next: new RegExp(String.raw`^[»"”]?${LIST_SEP}(${spec.value})(?![\p{L}\d])`, 'iu'),
    };
    cache.set(spec, c);
  }
  return c;
}

/**
 * Labelled statements of one characteristic on a page. `flat`: the page's text with line breaks collapsed.
 * Only a single value said of the designed building counts; ranges and lists quoted from norms, requirements,
 * neighbouring buildings and parts of the building with their own class are left out.
 */
export function findTrait(spec: TraitSpec, flat: string, docPage: number): TraitFact[] {
  if (!spec.hint.test(flat)) return [];
  const { labelled, next } = compile(spec);
  const out: TraitFact[] = [];
  const take = (start: number, valueStart: number, raw: string, lead: string): void => {
    const end = valueStart + raw.length;
    const before = sentenceBefore(flat, start);
    if (NOT_THE_OBJECT.test(`${before} ${lead}`) || PART_BEFORE.test(before)) return;
    let after = flat.slice(end, end + 120);
    if (RULE_AFTER.test(after) || spec.partAfter?.test(after)) return;
    const values = [raw];
    let listEnd = end;
    for (let m = next.exec(after); m; m = next.exec(after)) {
      values.push(m[1]!);
      listEnd += m[0].length;
      after = after.slice(m[0].length);
    }
    if (values.length > 1 && !spec.listIsSet) return;
    values.forEach((v, i) => {
      const c = spec.canon(v);
      if (!c) return;
      out.push({ kind: spec.kind, ...c, ...spec.detail?.(after), ...(i > 0 ? { secondary: true } : {}), docPage, snippet: snippet(flat, start, listEnd) });
    });
  };
  labelled.lastIndex = 0;
  for (let m = labelled.exec(flat); m; m = labelled.exec(flat)) take(m.index, m.index + m[1]!.length, m[2]!, m[1]!);
  for (const re of spec.reverse ?? []) {
    re.lastIndex = 0;
    for (let m = re.exec(flat); m; m = re.exec(flat)) {
      // the label follows the value here: what comes after the label is checked, not the label itself
      const afterLabel = m.index + m[0].length;
      const before = sentenceBefore(flat, m.index);
      if (NOT_THE_OBJECT.test(before) || PART_BEFORE.test(before) || RULE_AFTER.test(flat.slice(afterLabel, afterLabel + 120))) continue;
      const c = spec.canon(m[1]!);
      if (c) out.push({ kind: spec.kind, ...c, docPage, snippet: snippet(flat, m.index, afterLabel) });
    }
  }
  return out;
}

/** Roman numerals as written, with Cyrillic «І» and Arabic digits: «II», «2» → «II». */
export function roman(raw: string, max: number): string | null {
  const s = raw.replace(/І/g, 'I').replace(/\s/g, '').toUpperCase();
  const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII'];
  const n = /^\d$/.test(s) ? Number(s) : ROMAN.indexOf(s) + 1;
  return n >= 1 && n <= max ? ROMAN[n - 1]! : null;
}

/** Source of a Roman numeral up to `max` (also Cyrillic «І» and an Arabic digit). */
export function romanSrc(max: number): string {
  const all = ['VIII', 'VII', 'VI', 'IV', 'V', 'III', 'II', 'I'].filter((r) => roman(r, max));
  return `(?:${all.map((r) => r.replace(/I/g, '[IІ]')).join('|')}|[1-${max}](?![.,]\\d))`;
}
