import { CONTENT_REQUIREMENTS, requirementsFor } from '../data/content-requirements.ts';
import type { DocFacts } from '../facts/types.ts';
import type { SetModel } from '../set/types.ts';
import { objectTraits } from './conditions.ts';
import { mapVolume } from './map.ts';
import { compilePhrases } from './phrases.ts';
import type { ContentMap } from './types.ts';

/** The phrases of every requirement, compiled once: every page of every document is scanned for them while it is read. */
export const CONTENT_PHRASES = compilePhrases(CONTENT_REQUIREMENTS);

/** Codes one section went by in the two editions: a requirement of either stands for the volume. */
const SAME_SECTION: Readonly<Record<string, readonly string[]>> = { ТХ: ['ИОС7'], ИОС7: ['ТХ'] };

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
    const codes = [typed.code, ...(SAME_SECTION[typed.code] ?? [])];
    const requirements = codes.map((c) => requirementsFor(c, set.edition, objects)).find((r) => r.length) ?? [];
    if (requirements.length) maps.push(mapVolume(d, typed, requirements, CONTENT_PHRASES, object, set.edition));
  }
  return maps;
}
