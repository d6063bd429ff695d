import type { MalformedDesignation } from '../data/norms.ts';
import type { NormRef } from './matcher.ts';

/**
 * Register codes of СП (norms.md §7): 13330 — Минстрой's actualised СНиП, 13130 — МЧС fire codes, 1325800 — Минстрой's
 * own codes, 1311500 — МЧС codes from 2020. No СП with these codes was issued before 2009, which bounds their editions.
 * The numbers are not bounded: each series keeps growing (СП 154.13130.2013, СП 5xx.1325800, СП 2xx.13330), and no
 * register at hand lists them all, so a number alone never makes a designation malformed.
 */
const SP_SERIES: Record<string, { since: number }> = {
  '13330': { since: 2009 },
  '13130': { since: 2009 },
  '1325800': { since: 2009 },
  '1311500': { since: 2009 },
};
const CODES = Object.keys(SP_SERIES);

/** One digit lost, doubled, added or changed: «1333», «133330», «13380» for 13330. */
function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

const malformed = (cited: string, replacement: string, reason: string, ambiguous = false): MalformedDesignation => ({
  cited,
  status: 'malformed',
  replacement,
  reason,
  ambiguous,
});

/** A СП whose register code, number or year no real СП can have. */
function spProblem(ref: NormRef, currentYear: number): MalformedDesignation | null {
  const [number, code] = ref.exact.replace('СП ', '').split('.') as [string, string];
  const year = ref.year === null ? '' : `.${ref.year}`;
  const cited = `${ref.exact}${year}`;
  const series = SP_SERIES[code];
  if (!series) {
    // only a full designation (with its year) is judged: a code cut short by a stray letter is an OCR artefact
    if (ref.year === null) return null;
    const near = CODES.filter((c) => oneEditApart(code, c));
    if (near.length === 0) return null;
    const meant = near.map((c) => `СП ${number}.${c}${year}`).join(' или ');
    return malformed(cited, meant, `в регистрационном коде ${code} вместо ${near.join(' или ')}`, near.length > 1);
  }
  if (ref.year !== null && ref.year > currentYear) return malformed(cited, '', `редакция ${ref.year} года ещё не могла быть издана`);
  if (ref.year !== null && ref.year < series.since)
    return malformed(cited, '', `своды правил с регистрационным кодом ${code} издаются с ${series.since} года, редакции ${ref.year} года нет`);
  return null;
}

/** A ГОСТ Р dated before national standards of Russia existed (1992) or in the future. */
function gostProblem(ref: NormRef, currentYear: number): MalformedDesignation | null {
  if (ref.year === null || !/^ГОСТ Р \d/.test(ref.key) || !/-\d{4}$/.test(ref.raw)) return null;
  const cited = `${ref.key}-${ref.year}`;
  if (ref.year > currentYear) return malformed(cited, '', `стандарт ${ref.year} года ещё не мог быть издан`);
  if (ref.year < 1992) return malformed(cited, '', `национальные стандарты ГОСТ Р издаются с 1992 года, стандарта ${ref.year} года с таким обозначением нет`);
  return null;
}

/**
 * What is wrong with a designation no registry entry matched, or null. Runs only on the few references the registry does
 * not know, so the pages' hot path is unchanged.
 */
export function malformedDesignation(ref: NormRef, currentYear = new Date().getFullYear()): MalformedDesignation | null {
  if (ref.type === 'СП') return spProblem(ref, currentYear);
  if (ref.type === 'ГОСТ') return gostProblem(ref, currentYear);
  return null;
}
