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

/** The cadastral district of a number: its first two groups («50:45» of 50:45:0040322:1152). */
const districtOf = (n: string) => n.split(':').slice(0, 2).join(':');

/**
 * Each readable document's numbers as one statement and, last, the XML note's CadastralNumber list. Documents whose plots
 * all lie in another cadastral district than the one most documents name are apart (`elsewhere`): a plot of another
 * town is a document of another object, not a slip in a number.
 */
function cadastralStatements(ctx: CheckContext): { judged: Statement<Numbers>[]; elsewhere: Statement<Numbers>[]; district: string | null } {
  const statements: Statement<Numbers>[] = textDocs(ctx.docs)
    .filter((d) => d.cadastral.length)
    .map((d) => statementOf(d, { numbers: new Set(d.cadastral.map((c) => c.value)), fact: d.cadastral[0]! }, d.cadastral[0]!.docPage, d.cadastral[0]!.snippet));
  const districts = (s: Statement<Numbers>) => new Set([...s.item.numbers].map(districtOf));
  const votes = new Map<string, number>();
  for (const s of statements) for (const k of districts(s)) votes.set(k, (votes.get(k) ?? 0) + 1);
  const [first, second] = [...votes].sort((a, b) => b[1] - a[1]);
  // the set's district only where most documents name it: two documents of two districts say nothing of which is the set's
  const district = first && first[1] >= 2 && (!second || first[1] > second[1]) ? first[0] : null;
  const elsewhere = district ? statements.filter((s) => !districts(s).has(district)) : [];
  const judged = statements.filter((s) => !elsewhere.includes(s));
  const x = ctx.xml;
  if (x?.facts.cadastralNumbers.length) {
    const listed = x.facts.cadastralNumbers.join(', ');
    judged.push(statementOf(x.doc, { numbers: new Set(x.facts.cadastralNumbers), fact: { value: listed } }, 1, listed, 'CadastralNumber'));
  }
  return { judged, elsewhere, district };
}

/**
 * The judge's verdicts on the plot's cadastral numbers; the ГПЗУ is the reference where it states them. `main` is the
 * reference's number the odd participant lacks; `xmlAlone`: the note alone differs (the XML check's finding).
 */
export function cadastralVerdicts(ctx: CheckContext, judged = cadastralStatements(ctx).judged): { v: Verdict<Numbers>; main: string; xmlAlone: boolean }[] {
  return judge(judged, { same, isSource: (d) => isGpzuDoc(ctx, d) }).map((v) => ({
    v,
    main: [...v.ref.item.numbers].find((n) => !v.other.item.numbers.has(n))!,
    xmlAlone: !!v.other.doc.xml && !judged.some((s) => !s.doc.xml && same(s.item, v.other.item)),
  }));
}

/** C-01: the plot's cadastral number is the same wherever it is given. */
export const cadastralConsistency = defineCheck({
  id: 'consistency.cadastral_number',
  theme: 'construction',
  importance: 'significant',
  title: 'Кадастровый номер земельного участка совпадает во всех документах',
  find(ctx, report) {
    // documents of plots in other districts are one cause: the upload holds documents of other objects
    const { elsewhere, district, judged } = cadastralStatements(ctx);
    if (elsewhere.length) {
      const example = judged.find((s) => !s.doc.xml && [...s.item.numbers].some((n) => districtOf(n) === district))!;
      const named = elsewhere.map((s) => `«${s.doc.doc.name}» (${s.item.fact.value})`);
      report({
        about: elsewhere[0]!.doc,
        essence: `${named.length > 1 ? 'Документы называют участки' : 'Документ называет участок'} другого кадастрового района, чем остальные документы комплекта (${district}): ${named.join(', ')} — это ${named.length > 1 ? 'документы' : 'документ'} другого объекта или ошибка в номере.`,
        evidence: [...elsewhere.map((s) => s.said), `Участок комплекта — ${example.said}`].join('\n'),
        action: 'Исключить из комплекта документы других объектов или исправить кадастровый номер, сверив его с ГПЗУ и выпиской ЕГРН.',
        places: elsewhere.map((s) => s.place),
      });
    }
    // the XML note alone is the XML check's finding
    for (const { v, main } of cadastralVerdicts(ctx, judged)) {
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
