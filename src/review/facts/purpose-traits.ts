import type { TraitSpec, TraitValue } from './trait-finder.ts';

/**
 * The code of the object's functional purpose in the classifier of capital construction objects: four groups of digits
 * for an object («02.03.002.003»), three for a group of objects («02.03.002»), as the Минстрой schemas of the XML
 * explanatory note and the design assignment write it (tFunctionsClass: 1–2.1–2.1–3.1–3 digits).
 */
const CODE = String.raw`\d{1,2}\.\d{1,2}\.\d{1,3}(?:\.\d{1,3})?`;
const WHOLE_CODE = new RegExp(`^${CODE}$`);

/** A code as written, or null when it is none (an XML element filled with words). */
export function functionsClass(raw: string): TraitValue | null {
  const code = raw.replace(/\s/g, '');
  return WHOLE_CODE.test(code) ? { value: code } : null;
}

/** «Код функционального назначения объекта: 02.03.002.003», as the design assignment and the volumes state it. */
export const FUNCTIONS_CLASS: TraitSpec = {
  kind: 'functions_class',
  hint: /функционального\s+назначения/i,
  labels: [
    String.raw`код(?:\s+объекта)?\s+(?:по\s+)?(?:классификатор[ауе]?\s+)?функционального\s+назначения(?:\s+объекта(?:\s+капитального\s+строительства)?)?(?:\s+(?:по|согласно)\s+классификатор[ау]?)?`,
  ],
  value: CODE,
  canon: functionsClass,
};

/**
 * Two codes name the same object when they are equal, or when one is the group the other belongs to («02.03.002» and
 * «02.03.002.003»): a note giving the group code is not contradicting the assignment's object code.
 */
export function sameFunctionsClass(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}

export const PURPOSE_TRAITS: readonly TraitSpec[] = [FUNCTIONS_CLASS];
