/**
 * What a finding is about, independent of how the set's files are named and paged: the check, the norm, the
 * compared attribute, the documents by their identity (type and section, and cipher from the set model) and the sheets
 * it cites. Two revisions of a set are compared by these, never by equal text (src/report/revision/match.ts).
 */
import { LATIN_TO_CYRILLIC } from '../../kernel/lookalikes.ts';
import type { Finding, PublishedSetDocument, PublishedSetModel } from '../../kernel/result.ts';

/** One run as the comparison reads it: its findings, its set model and the names of its files. */
export interface RevisionSide {
  findings: readonly Finding[];
  set?: PublishedSetModel;
  /** doc_index → file name, so that a file's name in a text is not taken for what the finding is about. */
  names: ReadonlyMap<number, string>;
}

export interface FindingIdentity {
  finding: Finding;
  /** Must be equal for two findings to be one: check, norm, section, the kinds of the documents cited. */
  key: string;
  /** The attributes it compares; where both findings name some they must share one. */
  attributes: ReadonlySet<string>;
  /**
   * The ciphers of the documents cited, by document kind (type and section). Where both findings know a kind's
   * cipher they must share it; a cipher one revision's title blocks gave and the other's did not is no difference.
   */
  ciphers: ReadonlyMap<string, ReadonlySet<string>>;
  /** Sheets cited, each as «document kind#numbering:sheet»; empty when no title block gives one. */
  sheets: ReadonlySet<string>;
  /** Pages inside documents cited, «document kind#page», for findings without sheets. */
  docPages: ReadonlySet<string>;
  /** Words of the text with names and figures taken out: the wording of the finding's kind. */
  template: ReadonlySet<string>;
  /** Words of the whole text, figures kept (names taken out): closeness of two findings of one kind. */
  words: ReadonlySet<string>;
  /** Names of the files cited whose documents carry no cipher (their identity alone may not tell them apart). */
  uncipheredNames: readonly string[];
}

const LOOKALIKE = new RegExp(`[${Object.keys(LATIN_TO_CYRILLIC).join('')}]`, 'g');

/** A cipher as written in title blocks, with Latin look-alikes, case, spaces and dash variants evened out. */
export function normalizeCipher(cipher: string): string {
  return cipher
    .replace(LOOKALIKE, (c) => LATIN_TO_CYRILLIC[c] ?? c)
    .toUpperCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, '');
}

/** The cipher of a document: the one most of its own parts carry (bound sheets of another set do not count). */
export function documentCipher(doc: PublishedSetDocument): string | null {
  const counts = new Map<string, number>();
  for (const part of doc.parts ?? []) {
    if (part.kind === 'foreign' || !part.cipher) continue;
    const c = normalizeCipher(part.cipher);
    counts.set(c, (counts.get(c) ?? 0) + part.page_to - part.page_from + 1);
  }
  let best: string | null = null;
  for (const [c, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = c;
  return best;
}

/** A document's identity: its kind (type and section or марка) and its cipher; the file name is never part of it. */
function documentIdentity(set: PublishedSetModel | undefined, docIndex: number, pageKind: string): { kind: string; cipher: string | null } {
  const doc = set?.documents.find((d) => d.doc_index === docIndex);
  if (!doc) return { kind: `?:${pageKind}`, cipher: null };
  return { kind: `${doc.type}:${doc.code ?? pageKind}`, cipher: documentCipher(doc) };
}

/**
 * The sheet of a page by the title blocks of its part: parts number their sheets in page order, so the sheet is
 * the part's first sheet plus the page's distance from the part's first page. Null where no title block says.
 */
function sheetOf(set: PublishedSetModel | undefined, docIndex: number, docPage: number): string | null {
  const doc = set?.documents.find((d) => d.doc_index === docIndex);
  const part = doc?.parts?.find((p) => p.page_from <= docPage && docPage <= p.page_to);
  if (!part || part.sheet_from === null || part.numbering === null) return null;
  const sheet = part.sheet_from + (docPage - part.page_from);
  if (part.sheet_to !== null && sheet > part.sheet_to) return null;
  return `${part.numbering}:${sheet}`;
}

const FIGURES = /\d+(?:[.,:/-]\d+)*/g;

/** Lower case, ё as е, punctuation as spaces: words as a specialist would read them. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^\p{L}\p{N}#²³]+/u)
    .filter((w) => w.length > 0);
}

/** The text with every file name of the set taken out, longest first (a name may contain a shorter one). */
function withoutNames(text: string, names: readonly string[]): string {
  let out = text;
  for (const name of names) if (name) out = out.split(name).join(' ');
  return out;
}

/** The text up to its first colon outside quotes: what a finding says it is about, before the values it lists. */
function headOf(text: string): string {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '«') depth++;
    else if (c === '»') depth = Math.max(0, depth - 1);
    else if (c === ':' && depth === 0) return text.slice(0, i);
  }
  return text;
}

/**
 * The attributes a finding compares: the quoted phrases of its head that carry no figure and are not file names
 * («Расхождение значения «Площадь застройки» между документами: …»). Values are quoted too, but carry figures or
 * follow the colon (the sections still missing, a date as written), so a partly mended list stays one finding.
 */
function attributesOf(text: string): string[] {
  const out = new Set<string>();
  for (const m of headOf(text).matchAll(/«([^«»]*)»/g)) {
    const phrase = m[1]!.trim();
    if (!phrase || /\d/.test(phrase)) continue;
    out.add(wordsOf(phrase).join(' '));
  }
  return [...out].filter(Boolean);
}

function allNames(side: RevisionSide): string[] {
  const names = new Set<string>();
  for (const name of side.names.values()) {
    names.add(name);
    const base = name.split('/').pop();
    if (base) names.add(base);
  }
  return [...names].sort((a, b) => b.length - a.length);
}

/** The identity of every finding of a run. */
export function identitiesOf(side: RevisionSide): FindingIdentity[] {
  const names = allNames(side);
  return side.findings.map((f) => {
    const docIndexes = new Set<number>();
    const kindOf = new Map<number, string>();
    for (const r of f.page_refs) {
      docIndexes.add(r.doc_index);
      kindOf.set(r.doc_index, r.kind);
    }
    for (const s of f.sources) if (s.type === 'document' && s.doc_index !== undefined) docIndexes.add(s.doc_index);
    const documents = new Map<number, { kind: string; cipher: string | null }>();
    for (const i of docIndexes) documents.set(i, documentIdentity(side.set, i, kindOf.get(i) ?? ''));
    const ciphers = new Map<string, Set<string>>();
    for (const d of documents.values()) if (d.cipher) ciphers.set(d.kind, new Set([...(ciphers.get(d.kind) ?? []), d.cipher]));
    const sheets = new Set<string>();
    const docPages = new Set<string>();
    for (const r of f.page_refs) {
      const doc = documents.get(r.doc_index)!.kind;
      const sheet = sheetOf(side.set, r.doc_index, r.doc_page);
      if (sheet) sheets.add(`${doc}#${sheet}`);
      docPages.add(`${doc}#${r.doc_page}`);
    }
    const norms = f.sources
      .filter((s) => s.type === 'norm')
      .map((s) => wordsOf(s.title).join(' '))
      .sort();
    const essence = withoutNames(f.essence, names);
    const key = [f.check_id, f.section, norms.join('|'), [...new Set([...documents.values()].map((d) => d.kind))].sort().join('|')].join('\u0000');
    const uncipheredNames = [...documents.entries()].filter(([, d]) => !d.cipher).map(([i]) => side.names.get(i) ?? '');
    return {
      finding: f,
      key,
      attributes: new Set(attributesOf(essence)),
      ciphers,
      sheets,
      docPages,
      template: new Set(wordsOf(essence.replace(/«[^«»]*»/g, ' ').replace(FIGURES, ' '))),
      words: new Set(wordsOf(`${essence} ${withoutNames(f.evidence_text, names)}`)),
      uncipheredNames,
    };
  });
}
