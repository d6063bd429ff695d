import type { DocFacts } from '../facts/types.ts';
import { typeOfDocument } from './document-type.ts';
import { editionOf } from './edition.ts';
import { documentationDate, referenceDateOf } from './reference-date.ts';
import { setStageOf } from './stage.ts';
import type { SetModel, TypedDocument } from './types.ts';

export { EDITION_963_FROM } from './edition.ts';

/** One volume on its own: no XML note and at most one section (its parts) or one марка among the documents. */
function isSingleVolume(types: readonly TypedDocument[]): boolean {
  if (types.some((t) => t.type === 'xml_note')) return false;
  const codes = new Set(types.filter((t) => t.type === 'pd_section' || t.type === 'rd_mark').map((t) => t.code ?? `#${t.docIndex}`));
  return codes.size <= 1;
}

/** What the set is, from the facts of its documents: derived once per run and read by every check. */
export function deriveSetModel(docs: readonly DocFacts[]): SetModel {
  const documents = docs.map(typeOfDocument);
  const docDate = documentationDate(docs, documents);
  const { edition, basis } = editionOf(docs, documents, docDate);
  return {
    stage: setStageOf(documents),
    edition,
    documents,
    referenceDate: referenceDateOf(docs, documents),
    singleVolume: isSingleVolume(documents),
    documentationDate: docDate,
    editionBasis: basis,
  };
}

/**
 * The section each document counts as once its type is known: survey reports, initial documents, ИУЛ and letters
 * are no section (so no check takes a survey report for the explanatory note), estimates belong to СМ, and old
 * sections keep their own code (ЭЭ, ПКР).
 */
export function settleSections(docs: readonly DocFacts[], model: SetModel): void {
  for (const d of docs) {
    const t = model.documents.find((x) => x.docIndex === d.doc.index);
    if (!t) continue;
    if (t.type === 'estimate') d.section = 'СМ';
    else if (t.type === 'pd_section' && (t.code === 'ЭЭ' || t.code === 'ПКР')) d.section = t.code;
    else if (t.type !== 'pd_section' && t.type !== 'rd_mark' && t.type !== 'xml_note' && t.type !== 'other') d.section = null;
  }
}
