/**
 * The norms an answer names, checked against the next revision: «ссылка на СНиП 2.04.01-85* заменена на
 * СП 30.13330.2020», «исправлено на ГОСТ 21.101-2020», «СП 60.13330.2016 исключён» — the norm replaced must no longer be
 * cited in the remark's volume, the new one must be, each said with the page and sheet where it stands.
 *
 * The designations are those the review's norm parser (src/review/norms/matcher.ts) found in the volumes of the round at
 * publication (RevisionDocument.norms: what each edition cites, what the previous edition cited and this one does not,
 * the registry's replacements of the superseded ones). The report layer may not import the review (README, Layers), and
 * an answer may be brought in after publication, so the answer is not parsed again here: it is searched for the keys
 * the parser gave («СП 30.13330», «СНИП 2.04.01») and the edition year written after one. A norm the answer names that
 * neither edition cites and the registry does not give as a replacement is not recognised; the answer is then read as
 * before (its words and sheets).
 */
import { LATIN_TO_CYRILLIC } from '../../kernel/lookalikes.ts';
import type { RevisionNormCitation, RevisionNorms } from '../../kernel/result.ts';

/** A norm named in an answer: its key and year as the parser keys them, the words as written, and what the answer says of it. */
export interface NamedNorm {
  key: string;
  year: number | null;
  written: string;
  /** old — the answer says it was replaced or removed; new — the answer says it is cited now. */
  role: 'old' | 'new';
}

/** A volume of the round as the check reads it. */
export interface NormVolume {
  label: string;
  norms?: RevisionNorms;
}

export interface NormCheck {
  /** confirmed — every old norm gone and every new one cited; refuted — some old one still cited or new one not. */
  verdict: 'confirmed' | 'refuted';
  lines: string[];
}

/** The answer says a norm was removed, not replaced. */
const EXCLUDED = /исключ|удал[её]н|убран/i;
/** …and says what replaced it. */
const REPLACED = /замен|исправлен[аоы]?\s+на|привед[её]н|указан|вместо/i;
const DASHES = /[\u2010-\u2015\u2212]/g;

/**
 * The answer as the parser prepares text (upper case, Latin look-alikes in Cyrillic words, one dash, no spaces around
 * «.» and «-» before a digit, no asterisks), with each character's place in the answer as written.
 */
function prepare(text: string): { text: string; at: number[] } {
  const fixed = text
    .replace(DASHES, '-')
    .replace(/[A-Za-zА-Яа-яЁё]+/g, (w) => (/[А-Яа-яЁё]/.test(w) ? w.replace(/[A-Za-z]/g, (c) => LATIN_TO_CYRILLIC[c] ?? c) : w));
  const chars: string[] = [];
  const at: number[] = [];
  for (let i = 0; i < fixed.length; i++) {
    const c = fixed[i]!;
    if (c === '*') continue;
    const next = fixed[i + 1] ?? '';
    const last = chars[chars.length - 1] ?? '';
    // «2.04.01 - 85», «30. 13330»: spaces inside a designation dropped
    if (/\s/.test(c) && ((/[.-]/.test(last) && /\d/.test(next)) || (/\d/.test(last) && /[.-]/.test(next)))) continue;
    chars.push(/\s/.test(c) ? ' ' : (c.toUpperCase()[0] ?? c));
    at.push(i);
  }
  return { text: chars.join(''), at };
}

const year4 = (y: string): number => (y.length === 4 ? Number(y) : Number(y) >= 40 ? 1900 + Number(y) : 2000 + Number(y));

/** Where a key stands in the prepared answer as a whole designation, with the edition year written after it. */
function occurrences(prepared: string, key: string): { index: number; end: number; year: number | null }[] {
  const out: { index: number; end: number; year: number | null }[] = [];
  for (let i = prepared.indexOf(key); i !== -1; i = prepared.indexOf(key, i + 1)) {
    if (i > 0 && /[0-9A-ZА-ЯЁ]/.test(prepared[i - 1]!)) continue;
    const rest = prepared.slice(i + key.length);
    const year = /^[.-](\d{4}|\d{2})(?!\d|\.\d)/.exec(rest);
    if (year) out.push({ index: i, end: i + key.length + year[0].length, year: year4(year[1]!) });
    else if (!/^\d|^[.-]\d/.test(rest)) out.push({ index: i, end: i + key.length, year: null });
  }
  return out;
}

/**
 * The norms an answer names among those the volumes know (cited in either edition, or the registry's replacements), in
 * the order written, each as the old norm or the new one: after «вместо» old; in an answer that only removes («исключён»)
 * all old; else the first of two or more old and the rest new; a single norm old when the answer says it was replaced
 * after naming it («СНиП … заменён»), else new («исправлено на ГОСТ …»).
 */
export function namedNorms(answer: string, volumes: readonly NormVolume[]): NamedNorm[] {
  const known = new Set<string>();
  for (const v of volumes) for (const n of [...(v.norms?.cited ?? []), ...(v.norms?.dropped ?? []), ...(v.norms?.replacements ?? [])]) known.add(n.key);
  if (!known.size) return [];
  const { text, at } = prepare(answer);
  const found: { index: number; end: number; key: string; year: number | null }[] = [];
  // the longest key first, so that «ГОСТ Р 21.1101» is not also taken for a shorter key inside it
  for (const key of [...known].sort((a, b) => b.length - a.length))
    for (const o of occurrences(text, key)) if (!found.some((f) => o.index < f.end && f.index < o.end)) found.push({ ...o, key });
  found.sort((a, b) => a.index - b.index);
  const distinct = found.filter((f, i) => found.findIndex((g) => g.key === f.key && g.year === f.year) === i);
  if (!distinct.length) return [];
  const onlyRemoved = EXCLUDED.test(answer) && !REPLACED.test(answer);
  const instead = distinct.map((f, i) => /ВМЕСТО\s*$/.test(text.slice(i ? distinct[i - 1]!.end : 0, f.index)));
  const roleOf = (i: number): NamedNorm['role'] => {
    if (onlyRemoved) return 'old';
    if (instead.some(Boolean)) return instead[i] ? 'old' : 'new';
    if (distinct.length > 1) return i === 0 ? 'old' : 'new';
    // one norm: «СНиП … заменён (на …)» names the old one, «заменено на СП …» the new one
    return EXCLUDED.test(answer) || REPLACED.test(answer.slice(at[distinct[0]!.end - 1]! + 1)) ? 'old' : 'new';
  };
  // the words as written, with the asterisks of a designation amended («СНиП 2.04.01-85*»)
  const written = (f: { index: number; end: number }) => {
    let to = at[f.end - 1]! + 1;
    while (answer[to] === '*') to++;
    return answer.slice(at[f.index], to);
  };
  return distinct.map((f, i) => ({ key: f.key, year: f.year, written: written(f).trim(), role: roleOf(i) }));
}

/** The citations of a volume that are the named norm: the same key, and the same year when the answer writes one. */
function citationsOf(norms: RevisionNorms, n: Pick<NamedNorm, 'key' | 'year'>): RevisionNormCitation[] {
  return norms.cited.filter((c) => c.key === n.key && (n.year === null || c.year === n.year));
}

/** «лист 3 (с. 5), с. 7» — where a norm is cited. */
function placesText(cited: readonly RevisionNormCitation[]): string {
  const places = cited.flatMap((c) => c.places).sort((a, b) => a.page - b.page);
  const unique = places.filter((p, i) => places.findIndex((q) => q.page === p.page) === i);
  return unique.map((p) => (p.sheet ? `лист ${p.sheet} (с. ${p.page})` : `с. ${p.page}`)).join(', ');
}

/**
 * The check of the norms an answer names on the remark's volumes that were read: null when it names none the volumes
 * know, or none of its volumes was read (the proposal is then drawn as before).
 */
export function checkNamedNorms(answer: string, volumes: readonly NormVolume[]): NormCheck | null {
  const read = volumes.filter((v) => v.norms);
  const named = namedNorms(answer, read);
  if (!named.length) return null;
  const lines: string[] = [];
  let refuted = false;
  for (const n of named) {
    const where = read.map((v) => ({ v, cited: citationsOf(v.norms!, n) }));
    const citing = where.filter((w) => w.cited.length);
    if (n.role === 'old') {
      if (citing.length) {
        refuted = true;
        lines.push(...citing.map((w) => `${n.written} в томе ${w.v.label} по-прежнему приводится: ${placesText(w.cited)}.`));
      } else
        lines.push(`${n.written} в ${read.length === 1 ? `томе ${read[0]!.label}` : `томах ${read.map((v) => v.label).join(', ')}`} больше не приводится.`);
    } else if (citing.length) lines.push(...citing.map((w) => `${n.written} приводится в томе ${w.v.label}: ${placesText(w.cited)}.`));
    else {
      refuted = true;
      lines.push(`${n.written} в ${read.length === 1 ? `томе ${read[0]!.label}` : `томах ${read.map((v) => v.label).join(', ')}`} не приводится.`);
    }
  }
  return { verdict: refuted ? 'refuted' : 'confirmed', lines };
}
