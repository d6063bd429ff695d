import type { DocFacts } from '../facts/types.ts';
import { authority, textDocs } from './common.ts';
import { defineCheck, reviewSide, where, type DraftFinding } from './types.ts';

/** The plot's number: the one named by most documents (the explanatory note wins a tie), or null. */
export function mainCadastral(docs: readonly DocFacts[]): { number: string; doc: DocFacts } | null {
  const by = new Map<string, DocFacts[]>();
  for (const d of docs) for (const n of new Set(d.cadastral.map((c) => c.value))) by.set(n, [...(by.get(n) ?? []), d]);
  const ranked = [...by.entries()].sort((a, b) => b[1].length - a[1].length || Math.min(...a[1].map(authority)) - Math.min(...b[1].map(authority)));
  const top = ranked[0];
  if (!top) return null;
  return { number: top[0], doc: [...top[1]].sort((a, b) => authority(a) - authority(b))[0]! };
}

/** C-01: the plot's cadastral number is the same wherever it is given. */
export const cadastralConsistency = defineCheck({
  id: 'consistency.cadastral_number',
  theme: 'construction',
  importance: 'significant',
  title: 'Кадастровый номер земельного участка совпадает во всех документах',
  run(ctx) {
    const findings: DraftFinding[] = [];
    const docs = textDocs(ctx.docs);
    const main = mainCadastral(docs);
    if (!main) return { findings };
    for (const d of docs) {
      if (!d.cadastral.length || d.cadastral.some((c) => c.value === main.number)) continue;
      const about = reviewSide(d, main.doc);
      if (!about) continue;
      const own = d.cadastral[0]!;
      const ref = main.doc.cadastral.find((c) => c.value === main.number)!;
      const a = { doc: main.doc, page: ref.docPage };
      const b = { doc: d, page: own.docPage };
      findings.push({
        checkId: this.id,
        importance: this.importance,
        theme: this.theme,
        about,
        essence: `Кадастровый номер участка в «${d.doc.name}» (${own.value}) не совпадает с указанным в «${main.doc.doc.name}» (${main.number}).`,
        evidence: `${where(b)}: ${own.snippet}\n${where(a)}: ${ref.snippet}`,
        action: 'Сверить кадастровый номер с ГПЗУ и выпиской ЕГРН и исправить его в документе.',
        places: about === d ? [b, a] : [a, b],
      });
    }
    return { findings };
  },
});
