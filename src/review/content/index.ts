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
  return maps;
}
