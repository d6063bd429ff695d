import { NORM_DATES, NORMS, SERIES_EDITIONS, type NormDate, type NormEntry } from '../data/norms.ts';
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
  /** The replacement's own preface, when the bound is the date it came into force. */
  replacementInForce: NormDate | null;
  /** The first edition of the replacing series, when that edition bounds the date (a СНиП replaced by a СП 13330 series). */
  boundBy?: string;
}

/**
 * The longest a norm took to come into force after its designation year, among the prefaces of norms-sources/prefaces.json
 * (331 dated: 78 the same year, 215 the next, 38 two years later — ГОСТ 34.201-2020 from 01.01.2022, ГОСТ 9238-2022 from
 * 01.05.2024): a replacement «…Y» with no date of its own was in force by the end of Y + 2.
 */
export const LONGEST_LAG_YEARS = 2;

let datesIndex: Map<string, NormDate> | null = null;
const keyOf = (designation: string) => {
  const r = findNormRefs(prepareForNorms(designation))[0];
  return r ? `${r.key}|${r.year ?? ''}` : null;
};

/** The date a norm came into force by its own preface, or null when the registry has none. */
export function inForceDate(designation: string): NormDate | null {
  if (!datesIndex) {
    datesIndex = new Map();
    for (const d of NORM_DATES) {
      const k = keyOf(d.designation);
      if (k) datesIndex.set(k, d);
    }
  }
  const k = keyOf(designation);
  return k ? (datesIndex.get(k) ?? null) : null;
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
 * When the cited norm stopped being in force: the registry's date; else the date its one replacement came into force by
 * that replacement's preface (the cited norm was out of force by then, and not before it when the replacement is its next
 * edition); else bounds from the replacement's designation year — a replacement «…2016» came into force by the end of
 * 2016 + LONGEST_LAG_YEARS, and not before 01.01.2016 when it is the cited norm's next edition.
 */
export function ceasedOf(e: NormEntry): Ceased {
  const cached = ceasedCache.get(e);
  if (cached) return cached;
  let c: Ceased = { lo: null, hi: null, fromYear: null, replacementInForce: null };
  const next = findNormRefs(prepareForNorms(e.replacement));
  const dated = next.length === 1 ? inForceDate(e.replacement) : null;
  if (e.since) c = { lo: e.since, hi: e.sinceLatest ?? e.since, fromYear: null, replacementInForce: null };
  else if (dated) c = { lo: isDirectSuccessor(e) ? dated.inForce : null, hi: dated.inForce, fromYear: null, replacementInForce: dated };
  else {
    const latest = replacementYear(e);
    if (latest !== null) {
      c = { lo: isDirectSuccessor(e) ? `${latest}-01-01` : null, hi: `${latest + LONGEST_LAG_YEARS}-12-31`, fromYear: latest, replacementInForce: null };
    }
  }
  const first = firstEditionCeiling(e);
  if (first && !e.since && (c.hi === null || first.hi < c.hi))
    c = { ...c, hi: first.hi, fromYear: first.year, replacementInForce: first.dated, boundBy: first.designation };
  ceasedCache.set(e, c);
  return c;
}

/**
 * A СНиП replaced by a СП 13330 series was out of force once the series' first edition came in: that edition is the
 * «актуализированная редакция» of it or of the СНиП that replaced it (СНиП 31-01-2003 → СП 54.13330.2011, whatever
 * edition of the series the registry names as today's).
 */
function firstEditionCeiling(e: NormEntry): { hi: string; year: number; dated: NormDate | null; designation: string } | null {
  const [cited] = findNormRefs(prepareForNorms(e.cited));
  const next = findNormRefs(prepareForNorms(e.replacement));
  if (cited?.type !== 'СНИП' || next.length !== 1 || !/\.13330$/.test(next[0]!.key)) return null;
  const series = SERIES_EDITIONS.find((s) => s.series === next[0]!.key);
  const year = series?.editions[0];
  if (year === undefined) return null;
  const dated = inForceDate(`${series!.series}.${year}`);
  return { hi: dated?.inForce ?? `${year + LONGEST_LAG_YEARS}-12-31`, year, dated, designation: `${series!.series}.${year}` };
}

/**
 * The earliest day the reference date may stand for: a year alone (title page, XML note) may be any day of it, so a norm
 * replaced during that year still counts as in force.
 */
export function earliestDay(rd: ReferenceDate): string {
  if (rd.from) return rd.from;
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
