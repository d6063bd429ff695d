/** ReviewInput of a generated set, as the pipeline would hand it to the review engine. */
import type { ReviewDocument, ReviewInput } from '../../src/review/types.ts';
import { DOCSET_ITEMS } from '../../src/kernel/docset.ts';
import type { GeneratedSet } from '../generator/types.ts';

/** `pdfOf` gives the PDF rendition of a DOCX (null when LibreOffice is not installed). */
export function reviewInput(set: GeneratedSet, workDir: string, pdfOf: (path: string) => string | null): ReviewInput {
  let next = 1;
  const documents: ReviewDocument[] = set.files.map((f, i) => {
    const paged = f.format !== 'xml';
    const doc: ReviewDocument = {
      index: i + 1,
      name: f.name,
      kind: f.kind,
      role: 'review',
      format: f.format,
      path: f.path,
      pdfPath: f.format === 'pdf' ? f.path : f.format === 'docx' ? pdfOf(f.path) : null,
      pages: paged ? f.pages : null,
      pageFrom: paged ? next : null,
    };
    if (paged) next += f.pages;
    return doc;
  });
  return {
    documents,
    objectAddress: set.objectAddress,
    userRequest: set.userRequest,
    profile: DOCSET_ITEMS.map((i) => ({ code: i.code, title: i.title, required: i.required })),
    workDir,
  };
}
