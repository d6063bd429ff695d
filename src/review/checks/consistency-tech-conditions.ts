import type { XmlNoteFacts } from '../extract/xml-note.ts';
import type { DocFacts, TuFact, TuResource } from '../facts/types.ts';
import { isoDate, TU_TITLES, tuResource } from '../facts/issued-docs.ts';
import { textDocs } from './common.ts';
import { reportCitations, soleCitation, type Cited } from './issued-docs-check.ts';
import { isTuDoc } from './sole-values.ts';
import { defineCheck } from './types.ts';

/** Сети связи get several ТУ (телефонизация, радиофикация, диспетчеризация) from different owners: not compared. */
const COMPARED: readonly TuResource[] = ['power', 'water', 'sewer', 'water_sewer', 'storm', 'heat', 'gas', 'lighting'];

/** ТУ entries of the XML note: ProjectInitialDocuments of DocType 04.01 (or named so), by the resource in their name. */
export function xmlTechConditions(x: XmlNoteFacts): TuFact[] {
  return x.initialDocuments.flatMap((d) => {
    if (!d.number || !(d.type === '04.01' || /технически[а-яё]*\s+услови/iu.test(d.name))) return [];
    const resource = tuResource(d.name);
    return resource
      ? [
          {
            resource,
            number: d.number,
            date: isoDate(d.date),
            docPage: 1,
            snippet: `${d.name} № ${d.number}${d.date ? ` от ${d.date}` : ''} (DocType ${d.type})`,
          },
        ]
      : [];
  });
}

/** E-02: the ТУ for each resource is cited with one number and date in ИОС, ПЗ, the XML note and the ТУ itself. */
export const techConditionsConsistency = defineCheck({
  id: 'consistency.tech_conditions',
  theme: 'engineering',
  importance: 'significant',
  title: 'Номера и даты технических условий совпадают в ИОС, ПЗ, XML ПЗ и в самих ТУ',
  find(ctx, report) {
    const sources: { doc: DocFacts; facts: TuFact[] }[] = textDocs(ctx.docs).map((doc) => ({ doc, facts: doc.techConditions }));
    if (ctx.xml) sources.push({ doc: ctx.xml.doc, facts: xmlTechConditions(ctx.xml.facts) });
    for (const resource of COMPARED) {
      const cited: Cited[] = [];
      for (const { doc, facts } of sources) {
        const mine = facts.filter((f) => f.resource === resource);
        const c = mine.length ? soleCitation(doc, mine) : null;
        if (c) cited.push(c);
      }
      reportCitations(
        {
          what: `ТУ (${TU_TITLES[resource]})`,
          cited,
          isSource: (d) => isTuDoc(ctx, d),
          action:
            'Сверить номер и дату технических условий с документом сетевой организации и указать их одинаково в подразделе ИОС, в перечне исходно-разрешительной документации ПЗ и в XML ПЗ (ProjectInitialDocuments, тип 04.01).',
        },
        report,
      );
    }
  },
});
