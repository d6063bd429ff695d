/** How the names of subjects and stations are compared: the same rules for the tables, the schema's codes and addresses. */
import { fold } from '../text/normalize.ts';

/** Words of a subject's name that every subject of its kind has. */
const GENERIC = new Set(['республика', 'респ', 'область', 'обл', 'край', 'автономный', 'автономная', 'автономн', 'округ', 'ао', 'город', 'г']);

/** A word without its ending («ярославская», «ярославской» → «ярославск»); short words stay whole. */
export const stem = (w: string) => (w.length > 6 ? w.slice(0, -2) : w);

/**
 * The distinctive word of a subject's name, stemmed: «Ярославская область» → «ярославск», «Республика Татарстан
 * (Татарстан)» → «татарст», «Чувашская Республика - Чувашия» and «Чувашская Республика-Чувашия» → «чувашск».
 */
export function regionKey(name: string): string {
  const words = fold(name)
    .split(/[^а-я-]+|\s-\s/)
    .flatMap((w) => w.split(/-(?=республика)/))
    .map((w) => w.replace(/^-+|-+$/g, ''))
    .filter((w) => w && !GENERIC.has(w));
  return stem(words[0] ?? '');
}

/** A settlement's or station's name for comparison: lower case, ё as е, dashes and spaces unified («Ростов-на-Дону»). */
export function placeKey(name: string): string {
  return fold(name)
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s*-\s*/g, '-')
    .replace(/[«»"]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
