import { REGISTRY_VERSION } from '../data/norms.ts';
import { pageList } from '../text/pages.ts';
import type { Check, DraftFinding } from './types.ts';

const MAX_PLACES = 5;

/**
 * N-01 (norms.md §6): designations that name no norm — hybrids of two editions, a СП number written under ГОСТ, a register
 * code with a digit lost, edition years that were never issued. Structural errors are stated; an edition year the sources
 * disagree on is only asked to be confirmed (minor).
 */
export const nonexistentNorms: Check = {
  id: 'norms.nonexistent',
  theme: 'norms',
  importance: 'significant',
  title: 'Ссылки на несуществующие обозначения нормативных документов',
  run(ctx) {
    const findings: DraftFinding[] = [];
    for (const d of ctx.docs) {
      if (d.doc.role !== 'review') continue;
      for (const c of d.norms.values()) {
        const e = c.entry;
        if (e.status !== 'unknown') continue;
        const cited = `В документе «${d.doc.name}» (${pageList(c.pages)}) указано: ${c.snippet}.`;
        const places = c.pages.slice(0, MAX_PLACES).map((page) => ({ doc: d, page }));
        const norm = e.replacement || undefined;
        if (e.ambiguous) {
          findings.push({
            checkId: this.id,
            importance: 'minor',
            theme: this.theme,
            about: d,
            essence: `Требуется подтвердить обозначение нормативного документа ${e.cited}: ${e.reason}${e.replacement ? `; возможно, имелся в виду ${e.replacement}` : ''}.`,
            evidence: `${cited} Обозначение ${e.cited} отмечено как ошибочное в сторонних перечнях (реестр нормативов сервиса, версия ${REGISTRY_VERSION}); официальным реестром это не подтверждено, документ может существовать.`,
            action: `Сверить обозначение ${e.cited} с ФГИС «Реестр СП» / protect.gost.ru. Если документа с таким обозначением нет — указать правильное${e.replacement ? ` (вероятно, ${e.replacement})` : ''} в редакции, действующей на дату ГПЗУ или задания на проектирование.`,
            places,
            ...(norm ? { norm } : {}),
          });
        } else {
          findings.push({
            checkId: this.id,
            importance: 'significant',
            theme: this.theme,
            about: d,
            essence: `Ссылка на несуществующее обозначение нормативного документа ${e.cited}: ${e.reason}${e.replacement ? `; вероятно, имелся в виду ${e.replacement}` : ''}.`,
            evidence: `${cited} Нормативного документа с обозначением ${e.cited} нет (реестр нормативов сервиса, версия ${REGISTRY_VERSION}).`,
            action: `Проверить обозначение и указать нормативный документ, на который опираются решения${e.replacement ? ` (вероятно, ${e.replacement})` : ''}, в редакции, действующей на дату ГПЗУ или задания на проектирование.`,
            places,
            ...(norm ? { norm } : {}),
          });
        }
      }
    }
    return { findings };
  },
};
