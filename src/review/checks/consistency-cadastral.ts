import { textDocs } from './common.ts';
import { judge, statementOf, toldOf, type Statement, type Verdict } from './judge.ts';
import { isGpzuDoc } from './sole-values.ts';
import { defineCheck, type CheckContext } from './types.ts';

interface Numbers {
  numbers: Set<string>;
  fact: { value: string };
}

/** The same plot: a document naming the plot and its neighbour agrees with one naming the plot. */
const same = (a: Numbers, b: Numbers) => [...a.numbers].some((n) => b.numbers.has(n));

/**
 * The judge's verdicts on the plot's cadastral numbers. Participants: each readable document's numbers as one statement
 * and, last, the XML note's CadastralNumber list; the ГПЗУ is the reference where it states them. `main` is the
 * reference's number the odd participant lacks; `xmlAlone`: the note alone differs (the XML check's finding).
 */
export function cadastralVerdicts(ctx: CheckContext): { v: Verdict<Numbers>; main: string; xmlAlone: boolean }[] {
  const statements: Statement<Numbers>[] = textDocs(ctx.docs)
    .filter((d) => d.cadastral.length)
    .map((d) => statementOf(d, { numbers: new Set(d.cadastral.map((c) => c.value)), fact: d.cadastral[0]! }, d.cadastral[0]!.docPage, d.cadastral[0]!.snippet));
  const x = ctx.xml;
  if (x?.facts.cadastralNumbers.length) {
    const listed = x.facts.cadastralNumbers.join(', ');
    statements.push(statementOf(x.doc, { numbers: new Set(x.facts.cadastralNumbers), fact: { value: listed } }, 1, listed, 'CadastralNumber'));
  }
  return judge(statements, { same, isSource: (d) => isGpzuDoc(ctx, d) }).map((v) => ({
    v,
    main: [...v.ref.item.numbers].find((n) => !v.other.item.numbers.has(n))!,
    xmlAlone: !!v.other.doc.xml && !statements.some((s) => !s.doc.xml && same(s.item, v.other.item)),
  }));
}

/** C-01: the plot's cadastral number is the same wherever it is given. */
export const cadastralConsistency = defineCheck({
  id: 'consistency.cadastral_number',
  theme: 'construction',
  importance: 'significant',
  title: 'Кадастровый номер земельного участка совпадает во всех документах',
  find(ctx, report) {
    // the XML note alone is the XML check's finding
    for (const { v, main } of cadastralVerdicts(ctx)) {
      if (v.other.doc.xml) continue;
      // the reference's number the other document lacks, quoted where the reference gives it
      const at = v.ref.doc.xml ? null : v.ref.doc.cadastral.find((c) => c.value === main)!;
      const ref = at ? statementOf(v.ref.doc, v.ref.item, at.docPage, at.snippet) : v.ref;
      report(
        toldOf(
          { ...v, ref },
          {
            shown: (x) => x.fact.value,
            essence: (x) =>
              `Кадастровый номер участка в «${x.other.doc.doc.name}» (${x.other.item.fact.value}) не совпадает с указанным в «${x.ref.doc.doc.name}» (${main}).`,
            action: 'Сверить кадастровый номер с ГПЗУ и выпиской ЕГРН и исправить его в документе.',
            also: () => '',
          },
        ),
      );
    }
  },
});
