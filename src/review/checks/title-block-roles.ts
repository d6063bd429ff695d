import { STAMP_ROLES, type StampFacts, type StampRole } from '../facts/types.ts';
import { pageList } from '../text/pages.ts';
import { typesWhere } from '../set/document-types.ts';
import { defineCheck } from './types.ts';

/**
 * Which signature rows a title block must carry (ГОСТ Р 21.101-2020, прил. Ж, forms 3 and 5; form 6 has no signature
 * rows). The developer's and the normocontroller's signatures are obligatory; the checker's row («Пров.») is printed by
 * the forms and expected on the document's first signed sheet; «ГИП», «Утв.», «Нач. отд.» fill the organisation's free
 * rows at its choice.
 * - every_sheet: on every sheet with signature rows;
 * - first_sheet: on the document's first signed sheet (form 5 of a text document, the first drawing of an album): the
 *   normocontroller signs the document, and the drawing stamps after it often carry the developer's and ГИП's rows only;
 * - expected: on the document's first signed sheet, its absence a minor remark (an expert asks for the check's signature,
 *   but an organisation's form may give the row to ГИП);
 * - free: not required; a row that is printed but left without a surname is still reported (minor).
 */
export const REQUIRED_ROWS: Record<StampRole, 'every_sheet' | 'first_sheet' | 'expected' | 'free'> = {
  'Разраб.': 'every_sheet',
  'Н. контр.': 'first_sheet',
  'Пров.': 'expected',
  ГИП: 'free',
};

interface RowProblem {
  role: StampRole;
  state: 'absent' | 'empty';
  pages: number[];
  required: boolean;
}

/** What is wrong with the signature rows of one document's signed sheets, role by role. */
export function rowProblems(signedSheets: readonly StampFacts[]): RowProblem[] {
  // a row OCR did not make out may well be printed: only title blocks read as text tell what is missing
  const signed = signedSheets.filter((s) => !s.recognised);
  const problems: RowProblem[] = [];
  for (const role of STAMP_ROLES) {
    const rule = REQUIRED_ROWS[role];
    const judged = rule === 'first_sheet' || rule === 'expected' ? signed.slice(0, 1) : signed;
    const absent = rule === 'free' ? [] : judged.filter((s) => s.roles[role] === 'absent').map((s) => s.docPage);
    const empty = signed.filter((s) => s.roles[role] === 'empty').map((s) => s.docPage);
    const required = rule === 'every_sheet' || rule === 'first_sheet';
    if (absent.length) problems.push({ role, state: 'absent', pages: absent, required });
    if (empty.length) problems.push({ role, state: 'empty', pages: empty, required });
  }
  return problems;
}

/** N-07 / U-10: the signature rows of title blocks name the developer and the normocontroller; printed rows are filled. */
export const titleBlockRoles = defineCheck({
  id: 'titleblock.missing_roles',
  theme: 'unassigned',
  importance: 'significant',
  title: 'В основных надписях есть и заполнены строки Разраб. и Н. контр.; напечатанные строки подписей заполнены',
  // the forms ГОСТ Р 21.101 (ПД, РД) and ГОСТ 21.301 (survey reports) govern; a letter, a ГПЗУ, a ТУ or an assignment
  // carries the signatures its issuer's form asks for
  appliesTo: typesWhere((t) => t.titleBlock),
  find(ctx, report) {
    for (const d of ctx.docs) {
      // only documents whose title blocks were actually read (PDF text layer with positions)
      if (d.xml) continue;
      const signed = d.stamps.filter((s) => s.hasRoleRows);
      if (!signed.length) continue;
      const problems = rowProblems(signed);
      if (!problems.length) continue;
      const absentRoles = problems.filter((p) => p.state === 'absent').map((p) => p.role);
      const emptyRoles = problems.filter((p) => p.state === 'empty').map((p) => p.role);
      const parts = [
        absentRoles.length ? `нет строк ${absentRoles.join(', ')}` : '',
        emptyRoles.length ? `не указана фамилия в строках ${emptyRoles.join(', ')}` : '',
      ].filter(Boolean);
      const pages = [...new Set(problems.flatMap((p) => p.pages))].sort((a, b) => a - b);
      report({
        // an obligatory signature missing is significant; a free row left blank is a remark on the form
        importance: problems.some((p) => p.required) ? 'significant' : 'minor',
        about: d,
        essence: `В основных надписях документа «${d.doc.name}» ${parts.join('; ')}`.replace(/\.?$/, '.'),
        evidence: `${problems.map((p) => `${p.role} — ${p.state === 'absent' ? 'строки нет' : 'фамилия не указана'}: ${pageList(p.pages)}`).join('\n')}\nПроверено листов с подписями: ${signed.length}.`,
        action:
          'Заполнить графы подписей основной надписи (характер работы, фамилия, подпись, дата): подписи разработчика и нормоконтролёра обязательны, напечатанные строки не оставлять пустыми.',
        places: pages.slice(0, 5).map((page) => ({ doc: d, page })),
        norm: 'ГОСТ Р 21.101-2020 «СПДС. Основные требования к проектной и рабочей документации», приложение Ж (основная надпись, графа 10)',
      });
    }
  },
});
