import { STAMP_ROLES, type StampRole } from '../facts/types.ts';
import { pageList } from '../text/pages.ts';
import { defineCheck, type DraftFinding } from './types.ts';

/** N-07 / U-10: the signature rows of title blocks name the developer, checker, normocontroller and chief engineer. */
export const titleBlockRoles = defineCheck({
  id: 'titleblock.missing_roles',
  theme: 'unassigned',
  importance: 'significant',
  title: 'В основных надписях есть и заполнены строки Разраб., Пров., Н. контр., ГИП',
  run(ctx) {
    const findings: DraftFinding[] = [];
    for (const d of ctx.docs) {
      // only documents whose title blocks were actually read (PDF text layer with positions)
      if (d.doc.role !== 'review' || d.xml) continue;
      const signed = d.stamps.filter((s) => s.hasRoleRows);
      if (!signed.length) continue;
      const problems: { role: StampRole; state: 'absent' | 'empty'; pages: number[] }[] = [];
      for (const role of STAMP_ROLES) {
        const absent = signed.filter((s) => s.roles[role] === 'absent').map((s) => s.docPage);
        const empty = signed.filter((s) => s.roles[role] === 'empty').map((s) => s.docPage);
        if (absent.length) problems.push({ role, state: 'absent', pages: absent });
        if (empty.length) problems.push({ role, state: 'empty', pages: empty });
      }
      if (!problems.length) continue;
      const absentRoles = problems.filter((p) => p.state === 'absent').map((p) => p.role);
      const emptyRoles = problems.filter((p) => p.state === 'empty').map((p) => p.role);
      const parts = [
        absentRoles.length ? `нет строк ${absentRoles.join(', ')}` : '',
        emptyRoles.length ? `не указана фамилия в строках ${emptyRoles.join(', ')}` : '',
      ].filter(Boolean);
      const pages = [...new Set(problems.flatMap((p) => p.pages))].sort((a, b) => a - b);
      findings.push({
        checkId: this.id,
        importance: absentRoles.includes('Н. контр.') || emptyRoles.includes('Н. контр.') ? 'significant' : this.importance,
        theme: this.theme,
        about: d,
        essence: `В основных надписях документа «${d.doc.name}» ${parts.join('; ')}`.replace(/\.?$/, '.'),
        evidence: `${problems.map((p) => `${p.role} — ${p.state === 'absent' ? 'строки нет' : 'фамилия не указана'}: ${pageList(p.pages)}`).join('\n')}\nПроверено листов с подписями: ${signed.length}.`,
        action: 'Заполнить графы подписей основной надписи (характер работы, фамилия, подпись, дата) для разработчика, проверяющего, нормоконтролёра и ГИП.',
        places: pages.slice(0, 5).map((page) => ({ doc: d, page })),
        norm: 'ГОСТ Р 21.101 «СПДС. Основные требования к проектной и рабочей документации» (основная надпись)',
      });
    }
    return { findings };
  },
});
