import type { MalformedDesignation } from '../data/norms.ts';
import { reviewedCitations } from './norm-citations.ts';
import { defineCheck } from './types.ts';

/**
 * N-01: designations no norm can have, found by rule (norms/malformed.ts) where the registry of known wrong designations
 * (norms.nonexistent) has nothing — a broken register code («СП 50.1333.2012»), an edition
 * year in the future or before the series existed. One citation gets one finding: the registry is asked first.
 */
export const malformedNorms = defineCheck({
  id: 'norms.malformed_designation',
  theme: 'norms',
  importance: 'significant',
  title: 'Искажённые обозначения нормативных документов (регистрационный код, номер, год редакции)',
  find(ctx, report) {
    for (const { doc, citation, places, quoted } of reviewedCitations(ctx.docs)) {
      if (citation.entry.status !== 'malformed') continue;
      const e: MalformedDesignation = citation.entry;
      const meant = e.replacement ? ` (${e.ambiguous ? 'возможно' : 'вероятно'}, имелся в виду ${e.replacement})` : '';
      report({
        importance: e.ambiguous ? 'minor' : 'significant',
        about: doc,
        essence: e.ambiguous
          ? `Требуется подтвердить обозначение нормативного документа ${e.cited}: ${e.reason}${meant}.`
          : `Искажённое обозначение нормативного документа ${e.cited}: ${e.reason}${meant}; документа с таким обозначением быть не может.`,
        evidence: `${quoted} Обозначение ${e.cited} не соответствует правилам обозначения нормативных документов: ${e.reason}.`,
        action: `Исправить обозначение${e.replacement ? ` (вероятно, ${e.replacement})` : ''}, сверив его с ФГИС «Реестр СП» / protect.gost.ru, и указать документ в редакции, действовавшей на дату ГПЗУ или задания на проектирование.`,
        places,
        ...(e.replacement ? { norm: e.replacement } : {}),
      });
    }
  },
});
