import type { DocFacts } from '../facts/types.ts';
import type { CompositionEdition, ReferenceDate, TypedDocument } from './types.ts';

/** ПП № 963 changed the composition of ПД for documentation developed from this date. */
export const EDITION_963_FROM = '2022-09-01';

/** Section codes the composition had before 01.09.2022 only. */
const OLD_CODES = ['ЭЭ', 'ПОД', 'ИОС7', 'ПКР'];

/** Titles worded as before 01.09.2022 (sections.md §2: the wording is decisive). */
const OLD_TITLES =
  /конструктивные и объемно-планировочные решения|перечень мероприятий по охране окружающей среды|в случаях, предусмотренных федеральными законами/i;

export const dateRu = (iso: string) => iso.split('-').reverse().join('.');

/**
 * The edition of the composition the set was developed under: old section codes or titles say it outright,
 * else the documentation's own date decides; with neither, the current edition (the set is judged today).
 */
export function editionOf(
  docs: readonly DocFacts[],
  types: readonly TypedDocument[],
  docDate: ReferenceDate | null,
): { edition: CompositionEdition; basis: string } {
  const oldCodes = [...new Set(types.filter((t) => t.type === 'pd_section' && t.code && OLD_CODES.includes(t.code)).map((t) => t.code!))];
  if (oldCodes.length) return { edition: 'before_2022_09_01', basis: `в комплекте разделы прежней редакции: ${oldCodes.join(', ')}` };
  const sections = new Set(types.filter((t) => t.type === 'pd_section').map((t) => t.docIndex));
  const oldTitle = docs.find((d) => sections.has(d.doc.index) && OLD_TITLES.test(d.head.slice(0, 1500)));
  if (oldTitle) return { edition: 'before_2022_09_01', basis: `наименование раздела прежней редакции в «${oldTitle.doc.name}»` };
  if (!docDate) return { edition: 'from_2022_09_01', basis: 'дата документации не найдена' };
  const edition = docDate.date < EDITION_963_FROM ? 'before_2022_09_01' : 'from_2022_09_01';
  return {
    edition,
    basis: `дата документации ${docDate.source === 'title_year' || docDate.source === 'xml_year' ? `${docDate.date.slice(0, 4)} г.` : dateRu(docDate.date)}`,
  };
}
