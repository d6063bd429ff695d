import type { ReferenceDate } from '../set/types.ts';

/** «12.03.2021» from an ISO date. */
export const ruDate = (iso: string): string => iso.split('-').reverse().join('.');

/**
 * The date a set is judged at and where it comes from, for the evidence of a finding that depends on it («дата для оценки
 * — 12.03.2021, дата ГПЗУ (…)», «год разработки документации 2018 (титульный лист)», «дата не указана — …»).
 */
export function referenceDateNote(rd: ReferenceDate | null): string {
  if (!rd) return 'дата не указана — оценка на текущую дату';
  const year = rd.date.slice(0, 4);
  switch (rd.source) {
    case 'gpzu':
      return `дата для оценки — ${ruDate(rd.date)}, дата ГПЗУ («${rd.text}»)`;
    case 'gpzu_document':
      return `дата для оценки — ${ruDate(rd.date)}, дата ГПЗУ из комплекта («${rd.text}»)`;
    case 'stamp':
      return `дата для оценки — ${ruDate(rd.date)}, дата в основной надписи («${rd.text}»)`;
    case 'title_year':
      return `год разработки документации ${year} (титульный лист)`;
    case 'xml_year':
      return `год разработки документации ${year} (XML-схема пояснительной записки)`;
    case 'letter':
      return `дата для оценки — ${ruDate(rd.date)}, дата письма («${rd.text}»)`;
    case 'iul':
      return `дата для оценки — ${ruDate(rd.date)}, ${rd.text}`;
    case 'file_name':
      return `дата для оценки — ${ruDate(rd.date)}, дата в имени файла`;
    case 'issued':
      return `дата для оценки — ${ruDate(rd.date)}, дата документа («${rd.text}»)`;
    case 'estimate':
      return `дата для оценки — ${rd.from ? `${ruDate(rd.from)}–${ruDate(rd.date)}` : ruDate(rd.date)}, дата составления сметы («${rd.text}»)`;
  }
}

/** «на 12.03.2021» / «в 2018 году» — the reference date inside a sentence. */
export function atReferenceDate(rd: ReferenceDate): string {
  if (rd.from) return `в период ${ruDate(rd.from)}–${ruDate(rd.date)}`;
  return rd.source === 'title_year' || rd.source === 'xml_year' ? `в ${rd.date.slice(0, 4)} году` : `на ${ruDate(rd.date)}`;
}
