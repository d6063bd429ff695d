import type { XmlNoteFacts } from '../extract/xml-note.ts';
import type { DocFacts, IssuedDocFact } from '../facts/types.ts';
import { isoDate, numberKey } from '../facts/issued-docs.ts';
import { textDocs } from './common.ts';
import { reportCitations, soleCitation, type Cited } from './issued-docs-check.ts';
import { isGpzuDoc } from './sole-values.ts';
import { defineCheck, type Report } from './types.ts';

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
    reportForeignRegion(textDocs(ctx.docs), cited, report);
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

/** The code of the subject of the Federation a ГПЗУ number begins with («РФ-50-3-42-…» → 50; приказ Минстроя России № 741/пр). */
export function gpzuRegion(number: string): string | null {
  return /^[РP][ФF]\s?-\s?(\d{2})-/iu.exec(number.trim())?.[1] ?? null;
}

/**
 * The cadastral district a cadastral number begins with («50:35:0030405:2107» → 50), where it is the subject's code as
 * well: districts 80–88 are those of former autonomous okrugs merged into other subjects, 90 and above are numbered
 * otherwise.
 */
export function cadastralRegion(value: string): string | null {
  const code = /^(\d{2}):/.exec(value.trim())?.[1];
  return code && Number(code) < 80 ? code : null;
}

/**
 * A ГПЗУ is issued for a plot of the subject whose code opens its number: a number of another subject than every
 * cadastral number of the set is not the plot's plan (a mistyped number, or another object's).
 */
function reportForeignRegion(docs: readonly DocFacts[], cited: readonly Cited[], report: Report): void {
  const plots = docs.flatMap((d) => d.cadastral.map((c) => ({ d, c, region: cadastralRegion(c.value) })));
  const regions = new Set(plots.map((p) => p.region));
  const [region] = regions;
  if (regions.size !== 1 || !region) return;
  const plot = plots[0]!;
  // citations that disagree are one finding of their own (below); the region is judged of a number all of them give
  const first = cited[0];
  if (!first || cited.some((c) => numberKey(c.item.number) !== numberKey(first.item.number))) return;
  const code = gpzuRegion(first.item.number);
  if (!code || code === region) return;
  const places = [...cited.map((c) => ({ doc: c.doc, page: c.item.docPage })), { doc: plot.d, page: plot.c.docPage }];
  report({
    about: first.doc,
    essence: `Номер ГПЗУ ${first.item.number} начинается с кода субъекта ${code}, а участок — в субъекте с кодом ${region} (кадастровый номер ${plot.c.value}).`,
    evidence: `${cited.map((c) => `«${c.doc.doc.name}» (с. ${c.item.docPage}): «${c.item.snippet}»`).join('\n')}\n«${plot.d.doc.name}» (с. ${plot.c.docPage}): «${plot.c.snippet}».\nНомер ГПЗУ открывается кодом субъекта Российской Федерации, в котором расположен участок.`,
    action: 'Сверить номер градостроительного плана с самим ГПЗУ, выданным на этот участок, и исправить его во всех документах.',
    places: places.filter((p, i) => places.findIndex((q) => q.doc === p.doc && q.page === p.page) === i),
    norm: 'Приказ Минстроя России от 25.04.2017 № 741/пр «Об утверждении формы градостроительного плана земельного участка и порядка ее заполнения»',
  });
}
