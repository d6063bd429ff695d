import type { DocFacts } from '../facts/types.ts';
import type { ReferenceDate, SetModel, TypedDocument } from './types.ts';

/** ПП № 963 changed the composition of ПД for documentation developed from this date. */
export const EDITION_963_FROM = '2022-09-01';

function typeOf(d: DocFacts): TypedDocument {
  if (d.xml) return { docIndex: d.doc.index, type: 'xml_note', code: 'ПЗ', stage: 'П', evidence: 'XML-схема пояснительной записки' };
  if (d.section) return { docIndex: d.doc.index, type: 'pd_section', code: d.section, stage: null, evidence: `раздел ${d.section}` };
  return { docIndex: d.doc.index, type: 'other', code: null, stage: null, evidence: 'вид документа не определён' };
}

/** The documentation's own date: the XML note's year, else the latest year on the title pages of reviewed documents. */
function referenceDateOf(docs: readonly DocFacts[]): ReferenceDate | null {
  const xmlYear = Number(docs.find((d) => d.xml?.year)?.xml?.year);
  if (Number.isInteger(xmlYear) && xmlYear > 1990) return { date: `${xmlYear}-12-31`, source: 'xml_year', text: `ExplanatoryNoteYear ${xmlYear}` };
  let best: DocFacts | null = null;
  for (const d of docs) if (d.doc.role === 'review' && d.year !== null && (!best || d.year > best.year!)) best = d;
  if (!best) return null;
  return { date: `${best.year}-12-31`, source: 'title_year', docIndex: best.doc.index, page: 1, text: `${best.year} г.` };
}

/** What the set is, from the facts of its documents: derived once per run and read by every check. */
export function deriveSetModel(docs: readonly DocFacts[]): SetModel {
  const documents = docs.map(typeOf);
  const referenceDate = referenceDateOf(docs);
  return {
    stage: documents.some((t) => t.type === 'pd_section' || t.type === 'xml_note') ? 'П' : 'unknown',
    edition: referenceDate && referenceDate.date < EDITION_963_FROM ? 'before_2022_09_01' : 'from_2022_09_01',
    documents,
    referenceDate,
    singleVolume: docs.filter((d) => !d.xml).length === 1,
  };
}
