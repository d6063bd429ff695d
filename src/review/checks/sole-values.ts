import type { DocFacts } from '../facts/types.ts';
import type { DocumentType } from '../set/types.ts';
import type { CheckContext } from './types.ts';

/**
 * The one value a document states, or null when it states none or two that differ: a document that gives two
 * heights or two loads speaks of parts or of other buildings, and a specialist could not tell which is the object's.
 */
export function soleValue<T>(facts: readonly T[], same: (a: T, b: T) => boolean): T | null {
  const first = facts[0];
  if (first === undefined) return null;
  return facts.every((f) => same(f, first)) ? first : null;
}

/** The document type the set model gives a document («gpzu», «tech_conditions»), or null. */
export function typeOf(ctx: CheckContext, d: DocFacts): DocumentType | null {
  return ctx.set.documents.find((t) => t.docIndex === d.doc.index)?.type ?? null;
}

const GPZU_HEAD = /градостроительный\s+план\s+земельного\s+участка/iu;
const TU_HEAD = /технические\s+условия/iu;

/** The ГПЗУ itself among the documents of the set (the set model's type, else its title page when it is no section). */
export function isGpzuDoc(ctx: CheckContext, d: DocFacts): boolean {
  const t = typeOf(ctx, d);
  if (t === 'gpzu') return true;
  return (t === null || t === 'other') && !d.section && !d.xml && GPZU_HEAD.test(d.head.slice(0, 600));
}

/** A ТУ document among the documents of the set. */
export function isTuDoc(ctx: CheckContext, d: DocFacts): boolean {
  const t = typeOf(ctx, d);
  if (t === 'tech_conditions') return true;
  return (t === null || t === 'other') && !d.section && !d.xml && TU_HEAD.test(d.head.slice(0, 600));
}
