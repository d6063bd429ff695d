import { NORMS, type NormEntry } from '../data/norms.ts';
import type { ReferenceDate } from '../set/types.ts';
import { findNormRefs, prepareForNorms } from './matcher.ts';

/** Whether the cited norm had stopped being in force at the set's reference date. */
export type Standing =
  /** Out of force at the reference date: cited as a current norm, it is wrong. */
  | { when: 'before'; ceased: Ceased }
  /** Still in force at the reference date; replaced since. */
  | { when: 'after'; ceased: Ceased }
  /** The registry does not date the replacement closely enough to tell. */
  | { when: 'uncertain'; ceased: Ceased };

/** When the cited norm stopped being in force: an interval of ISO dates, exact when `lo === hi`. */
export interface Ceased {
  lo: string | null;
  hi: string | null;
  /** The replacement's designation year the bounds were derived from, when they were. */
  fromYear: number | null;
}

const years = (text: string): number[] =>
  findNormRefs(prepareForNorms(text))
    .map((r) => r.year)
    .filter((y): y is number => y !== null);

/**
 * The replacement is the next edition of the same norm (СП 50.13330.2012 → СП 50.13330.2024, no edition between in the
 * registry): the cited one stopped being in force the day the replacement came in, so not before the replacement's year.
 */
function isDirectSuccessor(e: NormEntry): boolean {
  const [cited] = findNormRefs(prepareForNorms(e.cited));
  const next = findNormRefs(prepareForNorms(e.replacement));
  if (!cited || cited.year === null || next.length !== 1 || next[0]!.key !== cited.key || next[0]!.year === null) return false;
  const lo = cited.year;
  const hi = next[0]!.year;
  return !NORMS.some((o) => o !== e && years(o.cited).some((y) => y > lo && y < hi) && findNormRefs(prepareForNorms(o.cited))[0]?.key === cited.key);
}

/** The latest edition year among the replacement's designations, or null. */
export function replacementYear(e: NormEntry): number | null {
  const y = years(e.replacement);
  return y.length > 0 ? Math.max(...y) : null;
}

const ceasedCache = new Map<NormEntry, Ceased>();

/**
 * When the cited norm stopped being in force: the registry's date, else bounds from the replacement's designation year —
 * a replacement «…2016» came into force in 2016 or 2017, so the cited norm was out of force by 31.12.2017 at the latest,
 * and not before 01.01.2016 when the replacement is its next edition.
 */
export function ceasedOf(e: NormEntry): Ceased {
  const cached = ceasedCache.get(e);
  if (cached) return cached;
  let c: Ceased = { lo: null, hi: null, fromYear: null };
  if (e.since) c = { lo: e.since, hi: e.since, fromYear: null };
  else {
    const latest = replacementYear(e);
    if (latest !== null) {
      c = { lo: isDirectSuccessor(e) ? `${latest}-01-01` : null, hi: `${latest + 1}-12-31`, fromYear: latest };
    }
  }
  ceasedCache.set(e, c);
  return c;
}

/**
 * The earliest day the reference date may stand for: a year alone (title page, XML note) may be any day of it, so a norm
 * replaced during that year still counts as in force.
 */
export function earliestDay(rd: ReferenceDate): string {
  return rd.source === 'title_year' || rd.source === 'xml_year' ? `${rd.date.slice(0, 4)}-01-01` : rd.date;
}

/** Whether the norm was out of force at the reference date; with no date the set is judged today by the registry's status. */
export function standingAt(e: NormEntry, rd: ReferenceDate | null, today = new Date().toISOString().slice(0, 10)): Standing {
  const ceased = ceasedOf(e);
  if (!rd) return { when: ceased.lo !== null && ceased.lo === ceased.hi && ceased.lo > today ? 'after' : 'before', ceased };
  const at = earliestDay(rd);
  if (ceased.hi !== null && ceased.hi <= at) return { when: 'before', ceased };
  if (ceased.lo !== null && ceased.lo > at) return { when: 'after', ceased };
  return { when: 'uncertain', ceased };
}
