import type { TraitSpec, TraitValue } from './trait-finder.ts';

/**
 * Classes an old or descriptive class name may stand for, across the schemes in use: СНиП 23-02-2003, СП 50.13330.2012
 * (A++ … E with B+, C+, C-) and the Минстрой rules of 2016 (A++ … G). A name agrees with any of its classes.
 */
const NAMES: [RegExp, string[]][] = [
  [/^высочайш/iu, ['A++', 'A+']],
  [/^очень\s+высок/iu, ['A++', 'A+', 'A']],
  [/^высок/iu, ['B+', 'B']],
  [/^повышенн/iu, ['C', 'C+']],
  [/^нормальн/iu, ['C+', 'C', 'C-', 'D']],
  [/^пониженн/iu, ['D', 'E']],
  [/^очень\s+низк/iu, ['E', 'G']],
  [/^низк/iu, ['D', 'E', 'F']],
];
const LETTERS: Record<string, string> = { А: 'A', В: 'B', С: 'C', Е: 'E' };
const NAME_SRC = String.raw`(?:очень\s+)?(?:высочайш|высок|повышенн|нормальн|пониженн|низк)[а-яё]*`;
export const LETTER_SRC = String.raw`(?:[AА]\s?\+\s?\+|[AА]\s?\+|[AА]|[BВ]\+?|[CС]\+?|D|[EЕ]|F|G)(?![\p{L}\d])`;

/** «B», «В (высокий)», «А+», «высокий», «не классифицируется» → the class, or the classes a name may stand for. */
export function energyClass(raw: string): TraitValue | null {
  const s = raw.trim().replace(/\s/g, ' ');
  if (/^не\s+(?:классифицир|присваива|устанавлива)/iu.test(s)) return { value: 'не классифицируется' };
  const named = NAMES.find(([re]) => re.test(s));
  if (named) return { value: s.toLowerCase().replace(/\s+/g, ' '), options: named[1] };
  // «В (высокий)», «B – высокий»: the letter decides, the name after it only describes it
  const letter =
    /^[A-GАВСЕ](?:\s?\+){0,2}/iu
      .exec(s)?.[0]
      .replace(/\s/g, '')
      .replace(/[АВСЕ]/giu, (c) => LETTERS[c.toUpperCase()] ?? c)
      .toUpperCase() ?? '';
  return /^(?:A\+\+|A\+|A|B\+|B|C\+|C|D|E|F|G)$/.test(letter) ? { value: letter } : null;
}

/** Класс энергетической эффективности (энергосбережения) здания: A++ … G, old names, «не классифицируется». */
export const ENERGY_CLASS: TraitSpec = {
  kind: 'energy_class',
  hint: /энергетической\s+эффективност|энергосбережени/i,
  labels: [String.raw`класс(?:у|ом)?\s+(?:энергетической\s+эффективности|энергосбережения|энергоэффективности)`],
  value: String.raw`${LETTER_SRC}(?:\s*[(\-,]?\s*[«"]?${NAME_SRC}[»"]?\)?)?|${NAME_SRC}|не\s+(?:классифицир|присваива|устанавлива)[а-яё]*`,
  canon: energyClass,
};

export const ENERGY_TRAITS: readonly TraitSpec[] = [ENERGY_CLASS];
