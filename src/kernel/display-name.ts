/**
 * Invisible and direction-changing characters a file name can carry: zero-width spaces and joiners, the LTR/RTL
 * marks, the bidi embeddings, overrides and isolates (U+202E can make «АР.exe.pdf» look like «АР.fdp.exe»), the
 * byte order mark and the soft hyphen. They are removed where a person reads the name — findings, reports, the
 * cabinet; the stored name keeps them, so `kinds` and `roles` keyed by the client's own name still match.
 */
const INVISIBLE = /[\u00ad\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** The document name as it is shown: without invisible and bidi control characters (the original when nothing else remains). */
export function displayName(name: string): string {
  const shown = name.replace(INVISIBLE, '');
  return shown === '' ? name : shown;
}
