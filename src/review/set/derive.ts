import type { DocFacts } from '../facts/types.ts';
import { completenessOf, type UploadRequest } from './completeness.ts';
import { ownDateOf } from './document-date.ts';
import { typeOfDocument } from './document-type.ts';
import { DOCUMENT_TYPES } from './document-types.ts';
import { editionOf } from './edition.ts';
import { documentationDate, referenceDateOf } from './reference-date.ts';
import { setStageOf } from './stage.ts';
import type { SetModel } from './types.ts';
import { volumeStructureOf } from './volume-parts.ts';

export { EDITION_963_FROM } from './edition.ts';

/**
 * What the set is, from the facts of its documents: derived once per run and read by every check. `setBase` is the
 * cipher base most volumes share (setCipherBase), which tells a volume's own sheets from a cover of another base.
 */
export function deriveSetModel(docs: readonly DocFacts[], request: UploadRequest = {}, setBase: string | null = null): SetModel {
  const documents = docs.map((d) => {
    const t = typeOfDocument(d);
    return { ...t, date: ownDateOf(d, t.type) };
  });
  const docDate = documentationDate(docs, documents);
  const { edition, basis } = editionOf(docs, documents, docDate);
  return {
    stage: setStageOf(documents),
    edition,
    documents,
    referenceDate: referenceDateOf(docs, documents),
    completeness: completenessOf(docs, documents, edition, request),
    documentationDate: docDate,
    editionBasis: basis,
    volumes: docs.filter((d) => d.stamps.length).map((d) => volumeStructureOf(d, setBase)),
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
    else if (DOCUMENT_TYPES[t.type].dating !== 'design') d.section = null;
  }
}
