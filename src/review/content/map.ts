import type { DocFacts, StampFacts } from '../facts/types.ts';
import type { TypedDocument } from '../set/types.ts';
import { settle, type ObjectTraits } from './conditions.ts';
import { scanPhrases, type PhraseIndex } from './phrases.ts';
import type { ContentMap, ContentMapItem, ContentReading, ContentRequirement, ContentEvidenceKind } from './types.ts';

/** Where an item was found: the page and how, with the words as printed. */
interface Evidence {
  kind: ContentEvidenceKind;
  page: number;
  sheet: number | null;
  text: string;
}

/** How well each way of finding an item tells where it is disclosed, best first (text items, then drawings' items). */
const TEXT_ORDER: readonly ContentEvidenceKind[] = ['heading', 'contents', 'drawings', 'text'];
const GRAPHIC_ORDER: readonly ContentEvidenceKind[] = ['drawings', 'heading', 'contents', 'text'];

/** How much of the volume was read: nothing is claimed missing of a volume not read whole. */
export function readingOf(d: DocFacts): ContentReading {
  const p = d.content?.pages;
  if (!p || p.text + p.ocr === 0) return 'unread';
  return p.none > 0 || p.ocr > 0 || d.pagesRead < d.pagesTotal ? 'partial' : 'whole';
}

const sheetOfPage = (stamps: readonly StampFacts[], page: number) => stamps.find((s) => s.docPage === page && !s.changePermission)?.sheet ?? null;

/**
 * The pages that list the volume's items rather than disclose them: its contents list, and first pages naming many
 * items at once. A phrase met there is evidence only when no other page has the item.
 */
function listPagesOf(d: DocFacts): Set<number> {
  const pages = new Set(d.content?.listPages ?? []);
  const c = d.contents;
  if (c) for (let p = c.docPage; p <= Math.max(c.docPage, ...c.entries.map((e) => e.docPage)); p++) pages.add(p);
  return pages;
}

/** Everything that discloses an item of one volume, each way of finding it at most once (its first place). */
function evidenceFor(d: DocFacts, phrases: readonly number[], index: PhraseIndex, listPages: Set<number>): Map<ContentEvidenceKind, Evidence> {
  const found = new Map<ContentEvidenceKind, Evidence>();
  const put = (e: Evidence) => {
    if (!found.has(e.kind)) found.set(e.kind, e);
  };
  const wanted = new Set(phrases);
  const names = (text: string) => scanPhrases(text, index).matches.some((m) => wanted.has(m.phrase));
  // the contents and the list of drawings: a row names the sheet the item stands on
  for (const e of d.contents?.entries ?? []) {
    if (!names(e.title)) continue;
    const stamp = d.stamps.find((s) => s.sheet === e.from && !s.changePermission);
    const kind: ContentEvidenceKind = e.group === 'drawings' || d.contents!.kind === 'drawings' ? 'drawings' : 'contents';
    put({ kind, page: stamp?.docPage ?? e.docPage, sheet: e.from, text: e.title });
  }
  // a drawing's own title in its title block
  for (const s of d.stamps) if (s.sheetTitle && names(s.sheetTitle)) put({ kind: 'drawings', page: s.docPage, sheet: s.sheet, text: s.sheetTitle });
  let listed: Evidence | null = null;
  for (const p of phrases)
    for (const h of d.content?.hits.get(p) ?? []) {
      const e: Evidence = { kind: h.heading ? 'heading' : 'text', page: h.docPage, sheet: sheetOfPage(d.stamps, h.docPage), text: h.line };
      if (!listPages.has(h.docPage)) put(e);
      else listed ??= { ...e, kind: 'contents' };
    }
  // named only where the volume lists its items: the item is there, its page is not known better
  if (listed && !found.size) put(listed);
  return found;
}

/**
 * Whether none of an item's words stands anywhere in the volume (fewer than half of its distinct stems): the item is
 * plainly absent, not disclosed in other words.
 */
export function plainlyAbsent(d: DocFacts, r: ContentRequirement, index: PhraseIndex): boolean {
  const seen = d.content?.stems;
  return !!seen && fewOfItsWords(r, index, (s) => seen.has(s));
}

/** Whether fewer than half of an item's distinct stems are `met`: the rule of «plainly absent», whatever was read. */
export function fewOfItsWords(r: ContentRequirement, index: PhraseIndex, met: (stem: number) => boolean): boolean {
  const stems = new Set((index.byRequirement.get(r.id) ?? []).flatMap((p) => index.phraseStems[p]!));
  return stems.size > 0 && [...stems].filter(met).length * 2 < stems.size;
}

/** The content map of one volume: each requirement of its section found, not found, not applicable or conditional. */
export function mapVolume(
  d: DocFacts,
  typed: TypedDocument,
  requirements: readonly ContentRequirement[],
  index: PhraseIndex,
  object: ObjectTraits,
  edition: ContentMap['edition'],
): ContentMap {
  const reading = readingOf(d);
  const listPages = listPagesOf(d);
  const items: ContentMapItem[] = requirements.map((r) => {
    const none = { page: null, sheet: null, evidenceKind: null, evidence: null };
    const condition = r.when ? settle(r.when, object) : null;
    if (condition?.holds === false) return { requirement: r, status: 'not_applicable', ...none, reason: condition.why };
    const found = evidenceFor(d, index.byRequirement.get(r.id) ?? [], index, listPages);
    const best = (r.part === 'graphic' ? GRAPHIC_ORDER : TEXT_ORDER).map((k) => found.get(k)).find((e) => e !== undefined);
    if (best) return { requirement: r, status: 'found', page: best.page, sheet: best.sheet, evidenceKind: best.kind, evidence: best.text, reason: null };
    if (condition?.holds === null)
      return { requirement: r, status: 'conditional', ...none, reason: `${r.condition ?? 'применяется при условии'}: ${condition.why}` };
    return { requirement: r, status: 'not_found', ...none, reason: null };
  });
  return { docIndex: typed.docIndex, section: typed.code ?? d.section ?? '', edition, reading, items };
}
