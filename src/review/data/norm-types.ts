/** The shapes of the norms registry (norms.ts re-exports them with the generated data). */
export type Verification = 'V' | 'P' | 'C' | 'U';

export interface NormEntry {
  /** Designation as usually cited. */
  cited: string;
  title: string;
  status: 'replaced' | 'cancelled';
  replacement: string;
  ver: Verification;
  /** Where it was verified: source keys of norms.md §0 (resolved in norms-sources/registry.json) or a public page; '—' for none. */
  src: string;
  /** ISO date the cited document stopped being in force (its first successor came into force). */
  since?: string;
  /** The sources disagree on that date: the later one (the successor's preface or a catalogue); judged as uncertain between. */
  sinceLatest?: string;
}

/**
 * A designation that names no norm (norms.md §6): a hybrid of two editions, a number typed under the wrong type, a register
 * code with a digit lost, an edition year that was never issued.
 */
export interface UnknownDesignation {
  /** The wrong designation, written canonically. */
  cited: string;
  status: 'unknown';
  /** The designation probably meant, or '' when the sources do not say. */
  replacement: string;
  /** What is wrong with it, in Russian, for the finding («смешение обозначений …»). */
  reason: string;
  /**
   * The designation may be real after all (an edition year the sources disagree on): the finding only asks to confirm it.
   * Structural errors (a hybrid, a lost digit, СП number under ГОСТ) are not ambiguous.
   */
  ambiguous: boolean;
  ver: Verification;
  src: string;
}

/** Whatever a norm citation can point at in the registry. */
export type RegistryEntry = NormEntry | UnknownDesignation;

/**
 * A designation no norm can have, found by rule rather than listed (norms/malformed.ts): a broken register code
 * («СП 50.1333.2012»), an edition year in the future or before the series existed.
 */
export interface MalformedDesignation {
  /** The designation as written, canonically. */
  cited: string;
  status: 'malformed';
  /** The designation probably meant, or '' when it cannot be told. */
  replacement: string;
  /** What is wrong with it, in Russian («в регистрационном коде 1333 вместо 13330»). */
  reason: string;
  /** The rule is not certain (a code one digit from two series): the finding asks to confirm. */
  ambiguous: boolean;
}

/**
 * The editions a СП series had (norms-sources/editions.json): a citation of a year between them that was never issued
 * names no norm (norms.nonexistent), and the edition in force that year is the one meant.
 */
export interface SeriesEditions {
  /** The series as the matcher keys it: «СП 42.13330». */
  series: string;
  /** Years of every edition issued, ascending. */
  editions: readonly number[];
  /** Where the list was verified. */
  src: string;
}

/**
 * When a norm came into force, as its own preface states it (norms-sources/prefaces.json): a citation of the norm it
 * replaced is judged by this date, not by its designation year.
 */
export interface NormDate {
  designation: string;
  /** ISO date it came into force (in the Russian Federation, for an interstate standard). */
  inForce: string;
  /** The approving order as the preface names it: «приказ от 16.08.2018 № 531/пр». */
  approvedBy?: string;
  /** Where it was read: repository, commit, file. */
  src: string;
}
