import type { PublishedContentItem, PublishedContentVolume } from '../../kernel/result.ts';
import { raisedKey } from '../checks/content-items.ts';
import { CONTENT_SOURCES } from '../data/content-requirements.ts';
import type { DocFacts } from '../facts/types.ts';
import { pageRef } from '../finalize.ts';
import type { ContentMap } from './types.ts';

/** The question or finding an item not found was raised as, by the item's key (checks/content-items.ts). */
export type Raised = ReadonlyMap<string, { kind: 'question' | 'finding'; id: string }>;

/** Not found first (what the specialist acts on), then conditional, found and not applicable; the source's order within. */
const STATUS_ORDER: readonly PublishedContentItem['status'][] = ['not_found', 'conditional', 'found', 'not_applicable'];

/** The content maps as the result publishes them: every item with its place as the findings' places are given. */
export function publishContentMaps(maps: readonly ContentMap[], docs: readonly DocFacts[], raised: Raised): PublishedContentVolume[] {
  const byIndex = new Map(docs.map((d) => [d.doc.index, d]));
  return maps.map((m) => {
    const items: PublishedContentItem[] = m.items.map((i) => ({
      id: i.requirement.id,
      point: i.requirement.point,
      letter: i.requirement.letter,
      part: i.requirement.part,
      requirement: i.requirement.requirement,
      source: `${CONTENT_SOURCES[i.requirement.source.key]?.title ?? i.requirement.source.key}, ${i.requirement.source.where}`,
      status: i.status,
      page: i.page !== null ? pageRef({ doc: byIndex.get(i.inDocIndex ?? m.docIndex)!, page: i.page }) : null,
      sheet: i.sheet,
      evidence_kind: i.evidenceKind,
      evidence: i.evidence,
      reason: i.reason,
      raised: raised.get(raisedKey(m, i.requirement)) ?? null,
    }));
    const count = (s: PublishedContentItem['status']) => items.filter((i) => i.status === s).length;
    return {
      doc_index: m.docIndex,
      section: m.section,
      edition: m.edition,
      reading: m.reading,
      counts: { found: count('found'), not_found: count('not_found'), not_applicable: count('not_applicable'), conditional: count('conditional') },
      items: items
        .map((item, order) => ({ item, order }))
        .sort((a, b) => STATUS_ORDER.indexOf(a.item.status) - STATUS_ORDER.indexOf(b.item.status) || a.order - b.order)
        .map((x) => x.item),
    };
  });
}
