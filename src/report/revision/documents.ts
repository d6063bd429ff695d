/**
 * The comparison of two revisions at the level of documents, before any finding: every document of the new run
 * paired with its predecessor — the same file (equal SHA-256), the same volume by section and cipher (a corrected
 * edition), or the only volume of its section on both sides when a cipher is missing — and the rest added or
 * dropped. A finding of the previous run on a dropped document is not resolved: its volume did not come back.
 */
import type { DroppedDocument, Finding, PublishedSetModel, RevisionDocument } from '../../kernel/result.ts';
import { documentCipher } from './identity.ts';

/** A document of a run as the comparison reads it. */
export interface RevisionFile {
  doc_index: number;
  /** The name shown (displayName of the stored name). */
  name: string;
  sha256: string;
  /** The document's section code as acceptance took it, when the set model does not give one. */
  kind: string | null;
}

export interface DocumentMatch {
  documents: RevisionDocument[];
  dropped: DroppedDocument[];
  /** doc_index of the previous run → doc_index of this run, for the documents that came back. */
  previous: Map<number, number>;
}

interface Described {
  file: RevisionFile;
  /** Type and section (or марка): what kind of volume it is. */
  kind: string;
  section: string | null;
  cipher: string | null;
}

function describe(files: readonly RevisionFile[], set: PublishedSetModel | undefined): Described[] {
  return files.map((file) => {
    const doc = set?.documents.find((d) => d.doc_index === file.doc_index);
    const section = doc?.code ?? file.kind ?? null;
    return { file, kind: `${doc?.type ?? '?'}:${section ?? ''}`, section, cipher: doc ? documentCipher(doc) : null };
  });
}

/** Pairs the documents of two runs: equal content first, then section and cipher, then the only volume of a section. */
export function matchDocuments(
  current: { files: readonly RevisionFile[]; set?: PublishedSetModel },
  previous: { files: readonly RevisionFile[]; set?: PublishedSetModel },
): DocumentMatch {
  // a previous result published before the set model was kept knows no document types: both sides by their kinds then
  const bothModels = current.set !== undefined && previous.set !== undefined;
  const cur = describe(current.files, bothModels ? current.set : undefined);
  const prev = describe(previous.files, bothModels ? previous.set : undefined);
  const pairs = new Map<number, { p: Described; by: RevisionDocument['matched_by'] }>();
  const used = new Set<number>();
  const pair = (c: Described, p: Described, by: RevisionDocument['matched_by']) => {
    pairs.set(c.file.doc_index, { p, by });
    used.add(p.file.doc_index);
  };
  const open = (list: Described[], taken: (d: Described) => boolean) => list.filter((d) => !taken(d));
  for (const c of cur) {
    const p = prev.find((d) => !used.has(d.file.doc_index) && d.file.sha256 === c.file.sha256);
    if (p) pair(c, p, 'content');
  }
  for (const c of open(cur, (d) => pairs.has(d.file.doc_index))) {
    if (!c.cipher) continue;
    const p = prev.find((d) => !used.has(d.file.doc_index) && d.kind === c.kind && d.cipher === c.cipher);
    if (p) pair(c, p, 'cipher');
  }
  // without a cipher on one side, a section's volume is its predecessor only when it is the one left on both sides
  for (const c of open(cur, (d) => pairs.has(d.file.doc_index))) {
    if (c.section === null) continue;
    const mine = cur.filter((d) => !pairs.has(d.file.doc_index) && d.kind === c.kind);
    const theirs = prev.filter((d) => !used.has(d.file.doc_index) && d.kind === c.kind);
    if (mine.length !== 1 || theirs.length !== 1) continue;
    const p = theirs[0]!;
    if (c.cipher && p.cipher && c.cipher !== p.cipher) continue;
    pair(c, p, 'section');
  }
  const documents = cur.map((c): RevisionDocument => {
    const base = { doc_index: c.file.doc_index, name: c.file.name, section: c.section, cipher: c.cipher };
    const matched = pairs.get(c.file.doc_index);
    if (!matched) return { ...base, status: 'added' };
    return {
      ...base,
      status: matched.by === 'content' ? 'unchanged' : 'corrected',
      matched_by: matched.by,
      previous_doc_index: matched.p.file.doc_index,
      previous_name: matched.p.file.name,
    };
  });
  const dropped = prev
    .filter((p) => !used.has(p.file.doc_index))
    .map((p) => ({ doc_index: p.file.doc_index, name: p.file.name, section: p.section, cipher: p.cipher }));
  return { documents, dropped, previous: new Map([...pairs].map(([c, { p }]) => [p.file.doc_index, c])) };
}

/** The documents a finding cites: those of its pages and its document sources. */
export function citedDocuments(f: Finding): Set<number> {
  const out = new Set<number>();
  for (const r of f.page_refs) out.add(r.doc_index);
  for (const s of f.sources) if (s.type === 'document' && s.doc_index !== undefined) out.add(s.doc_index);
  return out;
}

/** A previous finding that cites a document which did not come back: its volume was not resubmitted. */
export function onDroppedDocument(f: Finding, dropped: readonly DroppedDocument[]): boolean {
  if (!dropped.length) return false;
  const cited = citedDocuments(f);
  return dropped.some((d) => cited.has(d.doc_index));
}
