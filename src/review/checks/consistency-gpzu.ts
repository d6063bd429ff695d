import type { XmlNoteFacts } from '../extract/xml-note.ts';
import type { DocFacts, IssuedDocFact } from '../facts/types.ts';
import { isoDate } from '../facts/issued-docs.ts';
import { textDocs } from './common.ts';
import { reportCitations, soleCitation, type Cited } from './issued-docs-check.ts';
import { isGpzuDoc } from './sole-values.ts';
import { defineCheck } from './types.ts';

/** ГПЗУ entries of the XML note: ProjectInitialDocuments of DocType 03.02 (or named so). */
export function xmlGpzu(x: XmlNoteFacts): IssuedDocFact[] {
  return x.initialDocuments
    .filter((d) => d.number && (d.type === '03.02' || /градостроительн[а-яё]*\s+план/iu.test(d.name)))
    .map((d) => ({
      number: d.number,
      date: isoDate(d.date),
      docPage: 1,
      snippet: `${d.name || 'ГПЗУ'} № ${d.number}${d.date ? ` от ${d.date}` : ''} (DocType ${d.type})`,
    }));
}

/** C-01a: the ГПЗУ number and date are the same in ПЗ, ПЗУ, the XML note and the ГПЗУ itself. */
export const gpzuConsistency = defineCheck({
  id: 'consistency.gpzu',
  theme: 'construction',
  importance: 'significant',
  title: 'Номер и дата ГПЗУ совпадают в ПЗ, ПЗУ, XML ПЗ и в самом ГПЗУ',
  find(ctx, report) {
    const cited: Cited[] = [];
    const add = (doc: DocFacts, facts: IssuedDocFact[]) => {
      const c = facts.length ? soleCitation(doc, facts) : null;
      if (c) cited.push(c);
    };
    for (const d of textDocs(ctx.docs)) add(d, d.gpzu);
    if (ctx.xml) add(ctx.xml.doc, xmlGpzu(ctx.xml.facts));
    reportCitations(
      {
        what: 'ГПЗУ',
        cited,
        isSource: (d) => isGpzuDoc(ctx, d),
        action:
          'Сверить номер и дату градостроительного плана земельного участка с самим ГПЗУ и указать их одинаково в ПЗ, ПЗУ и XML ПЗ (ProjectInitialDocuments, тип 03.02).',
      },
      report,
    );
  },
});
