import { canonicalSection } from '../../kernel/docset.ts';
import type { ContentRequirement } from '../content/types.ts';
import type { CompositionEdition } from '../set/types.ts';
import { GENERATED_REQUIREMENTS, GENERATED_SOURCES } from './content-requirements.generated.ts';

/**
 * What each section of ПД must disclose under ПП РФ № 87 (scripts/build-content-requirements.ts): every item of п. 10–42
 * of the edition of 09.04.2021, and for the edition from 01.09.2022 the items the expert body's checklists and the
 * Минстрой schema give (docs/content-map.md, «Requirements»).
 */
export const CONTENT_REQUIREMENTS: readonly ContentRequirement[] = GENERATED_REQUIREMENTS;

/** The sources the entries name (`source.key`), to print a source's name beside an item. */
export const CONTENT_SOURCES: Readonly<Record<string, { title: string; edition: string }>> = Object.fromEntries(
  GENERATED_SOURCES.map((s) => [s.key, { title: s.title, edition: s.edition }]),
);

/**
 * The items a volume of `section` answers for, in the set's composition edition, for a linear or a non-linear object.
 * A mark or an old code the reference knows (ПОД → ПОС, ИОС7 → ТХ) is read as its section; ЭЭ, the energy-efficiency
 * section of the 2021 composition, keeps its own code. Items with a condition (`when`) are included: the map decides.
 */
export function requirementsFor(section: string, edition: CompositionEdition, objects: 'nonlinear' | 'linear'): ContentRequirement[] {
  const code = canonicalSection(section) ?? section.trim();
  return CONTENT_REQUIREMENTS.filter((r) => r.edition === edition && r.objects === objects && r.sections.includes(code));
}
