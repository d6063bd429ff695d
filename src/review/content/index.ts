import { CONTENT_REQUIREMENTS, requirementsFor } from '../data/content-requirements.ts';
import type { DocFacts } from '../facts/types.ts';
import type { SetModel } from '../set/types.ts';
import { objectTraits } from './conditions.ts';
import { mapVolume } from './map.ts';
import { compilePhrases } from './phrases.ts';
import type { ContentMap } from './types.ts';

/** The phrases of every requirement, compiled once: every page of every document is scanned for them while it is read. */
export const CONTENT_PHRASES = compilePhrases(CONTENT_REQUIREMENTS);

/**
 * The content map of every volume of ПД under review (documents the set model types as a section): the items of the
 * set's composition edition for the volume's section, for a linear object when the XML note says it is one.
 */
export function contentMaps(docs: readonly DocFacts[], set: SetModel): ContentMap[] {
  const object = objectTraits(docs, set);
  const objects = object.xmlKind === 'linear' ? 'linear' : 'nonlinear';
  const byIndex = new Map(docs.map((d) => [d.doc.index, d]));
  const maps: ContentMap[] = [];
  for (const typed of set.documents) {
    const d = byIndex.get(typed.docIndex);
    if (!d || typed.type !== 'pd_section' || !typed.code || d.doc.role !== 'review') continue;
    const requirements = requirementsFor(typed.code, set.edition, objects);
    if (requirements.length) maps.push(mapVolume(d, typed, requirements, CONTENT_PHRASES, object, set.edition));
  }
  return joinBooks(maps);
}

/**
 * A section split into books (ИОС4.1 heating, ИОС4.2 ventilation) answers for its items as a whole: an item one book
 * does not disclose and another does is found there, named with that book.
 */
function joinBooks(maps: ContentMap[]): ContentMap[] {
  for (const m of maps) {
    const siblings = maps.filter((o) => o !== m && o.section === m.section);
    if (!siblings.length) continue;
    m.items = m.items.map((item) => {
      if (item.status !== 'not_found' && item.status !== 'conditional') return item;
      for (const o of siblings) {
        const there = o.items.find((i) => i.requirement.id === item.requirement.id && i.status === 'found' && i.inDocIndex === undefined);
        if (there) return { ...there, inDocIndex: o.docIndex };
      }
      return item;
    });
  }
  return maps;
}
