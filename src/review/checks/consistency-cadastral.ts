import { isNeighbourAddress } from '../facts/address.ts';
import type { DocFacts, TextFact } from '../facts/types.ts';
import { authority, textDocs } from './common.ts';
import { judge, statementOf, toldOf, type Statement, type Verdict } from './judge.ts';
import { isGpzuDoc } from './sole-values.ts';
import { defineCheck, where, type CheckContext, type Report } from './types.ts';

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
    // two digits transposed are a likely slip, not another plot: a question naming both (below), not a finding
    const slips = transpositions(ctx, judged);
    for (const slip of slips) askAboutSlip(slip, report);
    // the XML note alone is the XML check's finding
    for (const { v, main } of cadastralVerdicts(ctx, judged)) {
      if (v.other.doc.xml) continue;
      if ([...v.other.item.numbers].some((n) => slips.some((x) => x.odd === n && x.meant === main))) continue;
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

/** Two numbers alike but for two neighbouring digits of one group swapped (…:145 and …:154). */
export function isTransposition(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  const at = [...a].flatMap((c, i) => (c === b[i] ? [] : [i]));
  return at.length === 2 && at[1] === at[0]! + 1 && a[at[0]!] === b[at[1]!] && a[at[1]!] === b[at[0]!] && !a.slice(at[0]!, at[1]! + 1).includes(':');
}

/** A number of the set that is another one with two digits transposed: where it stands, and the number meant. */
interface Slip {
  odd: string;
  meant: string;
  /** The documents' facts stating the odd number, and one stating the number meant. */
  oddAt: { doc: DocFacts; fact: TextFact }[];
  meantAt: { doc: DocFacts; fact: TextFact };
}

/**
 * Numbers of the set's documents that are others with two digits transposed. Not a slip: a pair some page names together
 * (plots listed on purpose, a plot and its neighbour), a number said of a neighbouring plot, a number the ГПЗУ states.
 * The odd one is the number fewer documents name (the ГПЗУ's never; in a tie, the less authoritative document's): which of
 * the two is right cannot be known from the set.
 */
function transpositions(ctx: CheckContext, judged: readonly Statement<Numbers>[]): Slip[] {
  const docs = judged.filter((s) => !s.doc.xml).map((s) => s.doc);
  const facts = docs.flatMap((doc) => doc.cadastral.map((fact) => ({ doc, fact })));
  const namedBy = (n: string) => new Set(facts.filter((x) => x.fact.value === n).map((x) => x.doc));
  const fromGpzu = (n: string) => [...namedBy(n)].some((d) => isGpzuDoc(ctx, d));
  const together = (a: string, b: string) =>
    facts.some((x) => x.fact.value === a && facts.some((y) => y.doc === x.doc && y.fact.docPage === x.fact.docPage && y.fact.value === b));
  const numbers = [...new Set(facts.map((x) => x.fact.value))];
  const out: Slip[] = [];
  for (const [i, a] of numbers.entries())
    for (const b of numbers.slice(i + 1)) {
      if (!isTransposition(a, b) || together(a, b)) continue;
      const [na, nb] = [namedBy(a), namedBy(b)];
      const first = (n: Set<DocFacts>) => Math.min(...[...n].map(authority));
      const aOdd = fromGpzu(b) || (!fromGpzu(a) && (na.size < nb.size || (na.size === nb.size && first(na) > first(nb))));
      const [odd, meant] = aOdd ? [a, b] : [b, a];
      if (fromGpzu(odd)) continue;
      const oddAt = facts.filter((x) => x.fact.value === odd && !isNeighbourAddress(x.fact));
      // the number meant quoted from another document where one states it
      const meantAt = facts.find((x) => x.fact.value === meant && !oddAt.some((y) => y.doc === x.doc)) ?? facts.find((x) => x.fact.value === meant);
      if (oddAt.length && meantAt) out.push({ odd, meant, oddAt, meantAt });
    }
  return out;
}

function askAboutSlip(slip: Slip, report: Report): void {
  const docsOdd = [...new Set(slip.oddAt.map((x) => x.doc))];
  const at = (x: { doc: DocFacts; fact: TextFact }) => `${where({ doc: x.doc, page: x.fact.docPage })}: ${x.fact.snippet}`;
  report.question({
    section: docsOdd[0]!.section ?? 'ОБЩ',
    text: `Кадастровый номер ${slip.odd} в ${docsOdd.map((d) => `«${d.doc.name}»`).join(', ')} отличается от номера ${slip.meant} в «${slip.meantAt.doc.doc.name}» перестановкой двух цифр — вероятно, опечатка. Какой из номеров верный?`,
    reason: [...slip.oddAt.map(at), at(slip.meantAt)].join('\n'),
    places: [...slip.oddAt.map((x) => ({ doc: x.doc, page: x.fact.docPage })), { doc: slip.meantAt.doc, page: slip.meantAt.fact.docPage }],
  });
}
