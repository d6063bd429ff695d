import { REGISTRY_VERSION } from '../data/norms.ts';
import { reviewedCitations } from './norm-citations.ts';
import type { Check, DraftFinding } from './types.ts';

/** N-01: citations of superseded or cancelled norms, with the replacement from the registry. */
export const supersededNorms: Check = {
  id: 'norms.superseded',
  theme: 'norms',
  importance: 'significant',
  title: 'Ссылки на заменённые или отменённые нормативные документы',
  run(ctx) {
    const findings: DraftFinding[] = [];
    const today = new Date().toISOString().slice(0, 10);
    for (const { doc: d, citation: c, places, quoted } of reviewedCitations(ctx.docs)) {
      const e = c.entry;
      // a designation that names no norm at all is norms.nonexistent's
      if (e.status === 'unknown') continue;
      if (e.since && (e.since > today || (d.year !== null && d.year < Number(e.since.slice(0, 4))))) continue;
      const confirmed = e.ver === 'V' || e.ver === 'P';
      const status = e.status === 'cancelled' ? 'отменён' : 'заменён';
      const since = e.since ? ` с ${e.since.split('-').reverse().join('.')}` : '';
      findings.push({
        checkId: this.id,
        importance: confirmed ? 'significant' : 'minor',
        theme: this.theme,
        about: d,
        essence: `Ссылка на недействующий нормативный документ ${e.cited}${e.title ? ` «${e.title}»` : ''}: он ${status}${since}, применять следует ${e.replacement}.`,
        evidence: `${quoted} По реестру нормативов сервиса (версия ${REGISTRY_VERSION}) ${e.cited} ${status}${since}; замена — ${e.replacement}.${confirmed ? '' : ' Сведения о замене не подтверждены официальным реестром — сверьте их с ФГИС «Реестр СП» / protect.gost.ru.'}`,
        action: `Заменить ссылку на ${e.replacement} (в редакции, действующей на дату ГПЗУ или задания на проектирование) и проверить, что принятые решения соответствуют её требованиям.`,
        places,
        norm: e.replacement,
      });
    }
    return { findings };
  },
};
