import { REGISTRY_VERSION } from '../data/norms.ts';
import { reviewedCitations } from './norm-citations.ts';
import { defineCheck } from './types.ts';

/**
 * N-01 (norms.md §6): designations that name no norm — hybrids of two editions, a СП number written under ГОСТ, a register
 * code with a digit lost, edition years that were never issued. Structural errors are stated; an edition year the sources
 * disagree on is only asked to be confirmed (minor).
 */
export const nonexistentNorms = defineCheck({
  id: 'norms.nonexistent',
  theme: 'norms',
  importance: 'significant',
  title: 'Ссылки на несуществующие обозначения нормативных документов',
  find(ctx, report) {
    for (const { doc, citation, places, quoted } of reviewedCitations(ctx.docs)) {
      const e = citation.entry;
      if (e.status !== 'unknown') continue;
      const meant = (word: string) => (e.replacement ? `; ${word}, имелся в виду ${e.replacement}` : '');
      const probably = e.replacement ? ` (вероятно, ${e.replacement})` : '';
      report({
        importance: e.ambiguous ? 'minor' : 'significant',
        about: doc,
        ...(e.ambiguous
          ? {
              essence: `Требуется подтвердить обозначение нормативного документа ${e.cited}: ${e.reason}${meant('возможно')}.`,
              evidence: `${quoted} Обозначение ${e.cited} отмечено как ошибочное в сторонних перечнях (реестр нормативов сервиса, версия ${REGISTRY_VERSION}); официальным реестром это не подтверждено, документ может существовать.`,
              action: `Сверить обозначение ${e.cited} с ФГИС «Реестр СП» / protect.gost.ru. Если документа с таким обозначением нет — указать правильное${probably} в редакции, действующей на дату ГПЗУ или задания на проектирование.`,
            }
          : {
              essence: `Ссылка на несуществующее обозначение нормативного документа ${e.cited}: ${e.reason}${meant('вероятно')}.`,
              evidence: `${quoted} Нормативного документа с обозначением ${e.cited} нет (реестр нормативов сервиса, версия ${REGISTRY_VERSION}).`,
              action: `Проверить обозначение и указать нормативный документ, на который опираются решения${probably}, в редакции, действующей на дату ГПЗУ или задания на проектирование.`,
            }),
        places,
        ...(e.replacement ? { norm: e.replacement } : {}),
      });
    }
  },
});
