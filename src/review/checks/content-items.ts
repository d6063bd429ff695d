import { pointLabel } from '../../kernel/result.ts';
import { CONTENT_PHRASES } from '../content/index.ts';
import { plainlyAbsent } from '../content/map.ts';
import type { ContentMap, ContentMapItem, ContentRequirement } from '../content/types.ts';
import { CONTENT_SOURCES } from '../data/content-requirements.ts';
import type { DocFacts } from '../facts/types.ts';
import { defineCheck } from './types.ts';

/**
 * A volume of fewer pages with text is a fragment — a cover, a title page and a sheet — not asked about: its map
 * is published, but what it lacks is what was not uploaded.
 */
export const MIN_TEXT_PAGES = 4;
/** Items a question names; the rest are counted and left to the map, so the question stays readable in a register. */
const LISTED_MAX = 12;

const editionWords = (m: ContentMap) =>
  m.edition === 'before_2022_09_01' ? 'в редакции до 01.09.2022, по которой разработана документация' : 'в редакции с 01.09.2022';

/** The key an item's question or finding is published under (content map → its `raised`). */
export const raisedKey = (m: ContentMap, r: ContentRequirement) => `content:${m.docIndex}:${r.id}`;

function listed(items: readonly ContentMapItem[]): string {
  const named = items
    .slice(0, LISTED_MAX)
    .map((i) => `${pointLabel(i.requirement)}${i.requirement.part === 'graphic' ? ' (графическая часть)' : ''} — ${i.requirement.requirement}`)
    .join('; ');
  return items.length > LISTED_MAX ? `${named}; и ещё ${items.length - LISTED_MAX} (см. карту содержания тома)` : named;
}

const sourcesOf = (items: readonly ContentMapItem[]) =>
  [...new Set(items.map((i) => CONTENT_SOURCES[i.requirement.source.key]?.title ?? i.requirement.source.key))].join('; ');

/**
 * An item of the Положение a volume does not disclose: a question to the designer where the volume may say it in other
 * words or on a sheet not read as text; a finding only where the volume was read whole, its contents list is read and
 * none of the item's words stands anywhere in it. Nothing about a volume no page of which was read.
 */
export const contentItems = defineCheck({
  id: 'content.items_missing',
  theme: 'norms',
  importance: 'significant',
  title: 'Сведения, предусмотренные Положением о составе разделов ПД для раздела, не найдены в томе',
  appliesTo: ['pd_section'],
  find(ctx, report) {
    const docs = new Map<number, DocFacts>(ctx.docs.map((d) => [d.doc.index, d]));
    for (const m of ctx.contentMaps) {
      const d = docs.get(m.docIndex);
      const textPages = (d?.content?.pages.text ?? 0) + (d?.content?.pages.ocr ?? 0);
      if (!d || m.reading === 'unread' || textPages < MIN_TEXT_PAGES) continue;
      const missing = m.items.filter((i) => i.status === 'not_found');
      if (!missing.length) continue;
      const confident = m.reading === 'whole' && d.contents?.confident === true;
      const absent = confident ? missing.filter((i) => i.requirement.part !== 'graphic' && plainlyAbsent(d, i.requirement, CONTENT_PHRASES)) : [];
      const asked = missing.filter((i) => !absent.includes(i));
      const found = m.items.filter((i) => i.status === 'found').length;
      const judged = m.items.filter((i) => i.status === 'found' || i.status === 'not_found').length;
      const volume = `«${d.doc.name}» (${m.section})`;
      const read =
        m.reading === 'whole'
          ? `том прочитан целиком (${d.pagesRead} стр.)`
          : `часть страниц тома прочитана распознаванием или не прочитана (${d.content!.pages.ocr} распознано, ${d.content!.pages.none} без текста)`;
      if (asked.length)
        report.question({
          section: m.section,
          text: `Том ${volume}: не найдены сведения, предусмотренные Положением о составе разделов ПД (ПП РФ № 87 ${editionWords(m)}): ${listed(asked)}. Укажите листы, где они приведены, либо дополните том.`,
          reason: `Карта содержания тома: из ${judged} применимых пунктов найдено ${found} — по заголовкам, содержанию тома, ведомости чертежей и тексту; ${read}. Эти пункты не найдены ни там, ни в словах, которыми их обычно излагают. Источник требований: ${sourcesOf(asked)}.`,
          places: [{ doc: d, page: 1 }],
          keys: asked.map((i) => raisedKey(m, i.requirement)),
        });
      if (absent.length) {
        const points = absent.map((i) => pointLabel(i.requirement)).join(', ');
        report({
          about: d,
          essence: `Текстовая часть тома ${volume} не содержит сведений, предусмотренных ${points} Положения о составе разделов проектной документации (ПП РФ № 87 ${editionWords(m)}).`,
          evidence: `${read.replace(/^./, (c) => c.toUpperCase())}; содержание тома прочитано (${d.contents!.entries.length} строк). Не найдены ни в содержании, ни в заголовках, ни в тексте: ${listed(absent)}.`,
          action: `Дополнить текстовую часть сведениями по ${points} или указать, где в проектной документации они приведены.`,
          places: [{ doc: d, page: d.contents!.docPage }],
          norm: `Положение о составе разделов проектной документации (ПП РФ от 16.02.2008 № 87), ${points}`,
          keys: absent.map((i) => raisedKey(m, i.requirement)),
        });
      }
    }
  },
});
