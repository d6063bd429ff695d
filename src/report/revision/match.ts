/**
 * The comparison of a run with the previous run of its bundle: every finding new or persisting, the previous
 * findings without a counterpart resolved. Findings are one when they are about the same thing (identity.ts) —
 * the same check, norm, attribute and documents by kind and cipher, on a sheet they share — not when their
 * texts are equal; where several could pair, the closest pairs are taken first.
 */
import type { Finding, FindingRevision, PublishedRevision, ResolvedFinding } from '../../kernel/result.ts';
import { placeOf } from '../register/rows.ts';
import { citedDocuments, type DocumentMatch, onDroppedDocument } from './documents.ts';
import { type FindingIdentity, identitiesOf, type RevisionSide } from './identity.ts';

export type { RevisionSide } from './identity.ts';

/** Below this share of common wording two findings of one check and document are of different kinds. */
const SAME_KIND = 0.5;

/** Dice's coefficient of two word sets: 1 equal, 0 nothing in common (two empty sets are equal). */
function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (!a.size && !b.size) return 1;
  let common = 0;
  for (const w of a) if (b.has(w)) common++;
  return (2 * common) / (a.size + b.size);
}

function intersects(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const x of a) if (b.has(x)) return true;
  return false;
}

/** Letters and digits of a file name, for telling apart documents that carry no cipher. */
function nameOverlap(a: readonly string[], b: readonly string[]): number {
  if (!a.length && !b.length) return 1;
  const grams = (names: readonly string[]) => {
    const out = new Set<string>();
    for (const n of names) {
      const s = n.toLowerCase().replace(/\.[a-z0-9]+$/, '');
      for (let i = 0; i + 3 <= s.length; i++) out.add(s.slice(i, i + 3));
    }
    return out;
  };
  return overlap(grams(a), grams(b));
}

/**
 * How close two findings of one identity key are, or null when they cannot be one: an attribute, a cipher of each
 * kind of document and a sheet both name (where both name any) and the wording of one kind are required; the place and the whole text then rank the pairs.
 */
export function closeness(current: FindingIdentity, previous: FindingIdentity): number | null {
  if (current.key !== previous.key) return null;
  if (current.attributes.size && previous.attributes.size && !intersects(current.attributes, previous.attributes)) return null;
  for (const [kind, ciphers] of current.ciphers) {
    const before = previous.ciphers.get(kind);
    if (before && !intersects(ciphers, before)) return null;
  }
  const bothSheets = current.sheets.size > 0 && previous.sheets.size > 0;
  if (bothSheets && !intersects(current.sheets, previous.sheets)) return null;
  const kind = overlap(current.template, previous.template);
  if (kind < SAME_KIND) return null;
  const place = bothSheets ? 1 : intersects(current.docPages, previous.docPages) ? 0.75 : 0.5;
  return 0.4 * kind + 0.3 * overlap(current.words, previous.words) + 0.2 * place + 0.1 * nameOverlap(current.uncipheredNames, previous.uncipheredNames);
}

export interface RevisionMatch {
  /** finding_id of the current run → the previous run's finding it continues. */
  persisting: Map<string, Finding>;
  /** The previous run's findings without a counterpart, in its report order. */
  resolved: Finding[];
}

/** Pairs the findings of two runs: of all pairs that can be one, the closest first, each finding used once. */
export function matchFindings(current: RevisionSide, previous: RevisionSide): RevisionMatch {
  // a result published before the set model was kept knows no document types: both sides are then read without it
  const bothModels = current.set !== undefined && previous.set !== undefined;
  const cur = identitiesOf(bothModels ? current : { ...current, set: undefined });
  const prev = identitiesOf(bothModels ? previous : { ...previous, set: undefined });
  const byKey = new Map<string, FindingIdentity[]>();
  for (const p of prev) byKey.set(p.key, [...(byKey.get(p.key) ?? []), p]);
  const pairs: { c: FindingIdentity; p: FindingIdentity; score: number }[] = [];
  for (const c of cur) {
    for (const p of byKey.get(c.key) ?? []) {
      const score = closeness(c, p);
      if (score !== null) pairs.push({ c, p, score });
    }
  }
  // ties in report order, so the same two results always pair the same way
  pairs.sort((a, b) => b.score - a.score || a.c.finding.n - b.c.finding.n || a.p.finding.n - b.p.finding.n);
  const persisting = new Map<string, Finding>();
  const used = new Set<string>();
  for (const { c, p } of pairs) {
    if (persisting.has(c.finding.finding_id) || used.has(p.finding.finding_id)) continue;
    persisting.set(c.finding.finding_id, p.finding);
    used.add(p.finding.finding_id);
  }
  const resolved = previous.findings.filter((f) => !used.has(f.finding_id)).sort((a, b) => a.n - b.n);
  return { persisting, resolved };
}

/** A previous finding as the revision block lists it (resolved or not resubmitted). */
function listed(f: Finding): ResolvedFinding {
  return {
    finding_id: f.finding_id,
    n: f.n,
    importance: f.importance,
    section: f.section,
    topic: f.topic,
    check_id: f.check_id,
    essence: f.essence,
    place: placeOf(f),
    doc_indexes: [...citedDocuments(f)].sort((a, b) => a - b),
  };
}

/**
 * The findings marked new / persisting and the revision block of the result, from a match. With the documents
 * compared, a previous finding without a counterpart on a document that did not come back is listed as not
 * resubmitted, never as resolved.
 */
export function revisionOf(
  findings: readonly Finding[],
  match: RevisionMatch,
  previous: { runId: string; publishedAt: string },
  documents?: DocumentMatch,
): { findings: Finding[]; revision: PublishedRevision } {
  const marked = findings.map((f): Finding => {
    const before = match.persisting.get(f.finding_id);
    const revision: FindingRevision = before ? { status: 'persisting', previous_finding_id: before.finding_id, previous_n: before.n } : { status: 'new' };
    return { ...f, revision };
  });
  const dropped = documents?.dropped ?? [];
  const resolved = match.resolved.filter((f) => !onDroppedDocument(f, dropped)).map(listed);
  const notResubmitted = match.resolved.filter((f) => onDroppedDocument(f, dropped)).map(listed);
  const counts = { new: marked.length - match.persisting.size, persisting: match.persisting.size, resolved: resolved.length };
  return {
    findings: marked,
    revision: {
      previous_run_id: previous.runId,
      previous_published_at: previous.publishedAt,
      counts: documents ? { ...counts, not_resubmitted: notResubmitted.length } : counts,
      resolved,
      ...(documents && { not_resubmitted: notResubmitted, documents: documents.documents, dropped }),
    },
  };
}
