import { pageList } from '../text/pages.ts';
import type { DocFacts, NormCitation } from '../facts/types.ts';
import type { Place } from './types.ts';

const MAX_PLACES = 5;

export interface ReviewedCitation {
  doc: DocFacts;
  citation: NormCitation;
  /** Where it is cited: the first pages, enough to find it. */
  places: Place[];
  /** «В документе «…» (с. …) указано: …» — the evidence's opening, quoting the document. */
  quoted: string;
}

/** «В документе «…» (с. 3, 5)», or for the XML note the elements naming the norm: its page is the note as a whole. */
function citedAt(doc: DocFacts, c: NormCitation): string {
  if (c.paths?.length) return `В XML пояснительной записке «${doc.doc.name}» (${c.paths.length === 1 ? 'элемент' : 'элементы'} ${c.paths.join(', ')})`;
  return `В документе «${doc.doc.name}» (${pageList(c.pages)})`;
}

/** Norm citations of the documents under review (context documents get no findings), one per cited designation. */
export function* reviewedCitations(docs: readonly DocFacts[]): Generator<ReviewedCitation> {
  for (const doc of docs) {
    if (doc.doc.role !== 'review') continue;
    for (const citation of doc.norms.values()) {
      yield {
        doc,
        citation,
        places: citation.pages.slice(0, MAX_PLACES).map((page) => ({ doc, page })),
        quoted: `${citedAt(doc, citation)} указано: ${citation.snippet}${/[.…]$/.test(citation.snippet) ? '' : '.'}${citation.readAs ? ` (${citation.readAs}.)` : ''}`,
      };
    }
  }
}
