import { editDistance } from '../facts/cipher.ts';
import { STAMP_ROLES, type DocFacts, type StampRole } from '../facts/types.ts';
import { fold } from '../text/normalize.ts';
import { pageList } from '../text/pages.ts';
import { typesWhere } from '../set/document-types.ts';
import { sameSurname, surnameKey, surnameOf } from './consistency-parties.ts';
import { soleValue } from './sole-values.ts';
import { defineCheck } from './types.ts';

const ROLE_NAMES: Record<StampRole, string> = {
  'Разраб.': 'разработчика',
  'Пров.': 'проверяющего',
  'Н. контр.': 'нормоконтролёра',
  ГИП: 'главного инженера проекта',
};

/**
 * Two spellings of one surname: the same word but for a gender ending («Лаврентьев» / «Лаврентьева») or one letter
 * mistyped in a long name («Ковалёв» / «Ковалев» is the same after folding). Short surnames differ by one letter and
 * are other people («Орлов» / «Орлова» is still a variant; «Жуков» / «Жукин» is not).
 */
export function surnameVariants(a: string, b: string): boolean {
  const x = fold(a);
  const y = fold(b);
  if (x === y) return false;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (long === `${short}а` || long === `${short.replace(/ий$/, '')}ая`) return true;
  return short.length >= 6 && editDistance(x, y) === 1;
}

interface Signed {
  name: string;
  pages: number[];
}

/** The surnames a document's title blocks print in one row, each with the pages it is on. */
function signedIn(d: DocFacts, role: StampRole): Signed[] {
  const byKey = new Map<string, Signed>();
  for (const s of d.stamps) {
    const name = s.names?.[role];
    if (!name) continue;
    const key = fold(name);
    const seen = byKey.get(key) ?? { name, pages: [] };
    seen.pages.push(s.docPage);
    byKey.set(key, seen);
  }
  return [...byKey.values()];
}

/**
 * U-10: the people who sign a document are the same people throughout it. The ГИП of the title blocks is the ГИП its
 * title page names; a surname printed two ways in one row is one person written wrongly somewhere.
 */
export const titleBlockNames = defineCheck({
  id: 'titleblock.names',
  theme: 'unassigned',
  importance: 'significant',
  title: 'Фамилии в основных надписях те же, что на титульном листе документа, и написаны одинаково',
  appliesTo: typesWhere((t) => t.titleBlock),
  find(ctx, report) {
    for (const d of ctx.docs) {
      if (d.xml) continue;
      const titleGip = soleValue(
        (d.parties ?? []).filter((p) => p.role === 'chief_engineer'),
        sameSurname,
      );
      const stampGip = signedIn(d, 'ГИП');
      const titleKey = titleGip ? surnameKey(titleGip.value) : null;
      for (const other of titleKey ? stampGip : []) {
        const key = fold(other.name);
        if (key === titleKey || surnameVariants(key, titleKey!)) continue;
        report({
          about: d,
          essence: `В основной надписи документа «${d.doc.name}» главный инженер проекта — ${other.name}, а на титульном листе — ${titleGip!.value}.`,
          evidence: `Титульный лист (с. ${titleGip!.docPage}): «${titleGip!.snippet}».\nОсновная надпись, строка «ГИП»: ${other.name} (${pageList(other.pages)}).`,
          action:
            'Указать в основных надписях того главного инженера проекта, который подписывает документацию на титульном листе (или исправить титульный лист).',
          places: [
            { doc: d, page: other.pages[0]! },
            { doc: d, page: titleGip!.docPage },
          ],
          norm: 'ГОСТ Р 21.101-2020 «СПДС. Основные требования к проектной и рабочей документации», приложение Ж (основная надпись, графа 11)',
        });
      }
      for (const role of STAMP_ROLES) {
        const signed = signedIn(d, role);
        if (role === 'ГИП' && titleGip) signed.push({ name: surnameOf(titleGip.value), pages: [titleGip.docPage] });
        const pair = variantPair(signed);
        if (!pair) continue;
        const [a, b] = pair;
        report({
          importance: 'minor',
          about: d,
          essence: `Фамилия ${ROLE_NAMES[role]} в документе «${d.doc.name}» написана по-разному: «${a.name}» и «${b.name}».`,
          evidence: `«${a.name}» — ${pageList(a.pages)}; «${b.name}» — ${pageList(b.pages)}.`,
          action: 'Написать фамилию одинаково во всех основных надписях и на титульном листе.',
          places: [
            { doc: d, page: b.pages[0]! },
            { doc: d, page: a.pages[0]! },
          ],
          norm: 'ГОСТ Р 21.101-2020 «СПДС. Основные требования к проектной и рабочей документации», приложение Ж (основная надпись, графа 11)',
        });
      }
    }
  },
});

/** The first two spellings of one surname among a row's surnames, the more frequent first. */
function variantPair(signed: Signed[]): [Signed, Signed] | null {
  const sorted = [...signed].sort((a, b) => b.pages.length - a.pages.length);
  for (let i = 0; i < sorted.length; i++)
    for (let j = i + 1; j < sorted.length; j++) if (surnameVariants(sorted[i]!.name, sorted[j]!.name)) return [sorted[i]!, sorted[j]!];
  return null;
}
