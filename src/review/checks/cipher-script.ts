import { pageList } from '../text/pages.ts';
import { defineCheck } from './types.ts';

/** A cipher printed with Latin look-alike letters among Cyrillic ones: one finding per document, listing its pages. */
export const cipherScript = defineCheck({
  id: 'cipher.mixed_script',
  theme: 'unassigned',
  importance: 'minor',
  title: 'Шифр набран одним алфавитом: нет латинских букв среди кириллических',
  find(ctx, report) {
    for (const d of ctx.docs) {
      if (d.xml || !d.mixedScriptCiphers?.length) continue;
      const all = d.mixedScriptCiphers;
      const pages = [...new Set(all.flatMap((c) => c.pages))].sort((a, b) => a - b);
      const latin = (s: string) => [...new Set(s.match(/[A-Za-z]/g) ?? [])].map((l) => `«${l}»`).join(', ');
      report({
        about: d,
        essence: `В шифре ${all.map((c) => `«${c.printed}»`).join(', ')} документа «${d.doc.name}» латинская буква среди кириллических (${pageList(pages)}).`,
        evidence: all.map((c) => `${pageList(c.pages)}: напечатано «${c.printed}», латинские буквы ${latin(c.printed)}; кириллицей — ${c.cipher}.`).join('\n'),
        action: `Набрать шифр кириллицей (${[...new Set(all.map((c) => c.cipher))].join(', ')}): с латинской буквой он не находится поиском и не совпадает с шифром в реестрах и XML.`,
        places: pages.slice(0, 5).map((page) => ({ doc: d, page })),
      });
    }
  },
});
