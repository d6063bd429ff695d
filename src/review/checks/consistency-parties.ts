import type { PartyFact } from '../facts/types.ts';
import { fold } from '../text/normalize.ts';
import { designDocs } from './common.ts';
import { foreignObjects } from './object-identity.ts';
import { judged, statementOf, type Statement } from './judge.ts';
import { soleValue } from './sole-values.ts';
import { defineCheck } from './types.ts';

/** The surname of «И.И. Иванов» or «Иванов И.И.», folded: initials may be left out or spaced otherwise in another volume. */
export function surnameKey(name: string): string {
  return fold(surnameOf(name));
}

/** The surname of «В. В. Козлов» as written, the initials left out. */
export function surnameOf(name: string): string {
  return name.split(/[\s.]+/u).find((w) => /[а-яё]{2}/u.test(w)) ?? name;
}

export const sameSurname = (a: PartyFact, b: PartyFact) => surnameKey(a.value) === surnameKey(b.value);

/** People of the object: the ГИП named on the title pages is one person in every volume. */
export const partiesConsistency = defineCheck({
  id: 'consistency.parties',
  theme: 'unassigned',
  importance: 'significant',
  title: 'Главный инженер проекта, указанный на титульных листах, один во всех томах',
  find(ctx, report) {
    const statements: Statement<PartyFact>[] = [];
    // a whole volume of another object names that object's ГИП: identity.other_object reports it, once
    const foreign = new Set(foreignObjects(ctx).flatMap((x) => (x.wholeVolume ? [x.doc] : [])));
    for (const doc of designDocs(ctx).filter((d) => !foreign.has(d))) {
      // a title page naming two ГИП (a volume of a subcontractor countersigned) is no statement of one
      const gip = soleValue(
        (doc.parties ?? []).filter((p) => p.role === 'chief_engineer'),
        sameSurname,
      );
      if (gip) statements.push(statementOf(doc, gip, gip.docPage, gip.snippet));
    }
    judged(
      statements,
      { same: sameSurname },
      {
        shown: (p) => p.value,
        essence: (x) =>
          `Главный инженер проекта в «${x.other.doc.doc.name}» (${x.other.item.value}) не совпадает с указанным в «${x.ref.doc.doc.name}» (${x.ref.item.value}).`,
        action:
          'Указать на титульном листе и в основных надписях тома главного инженера проекта, подписывающего документацию объекта; проверить, не вложен ли том другого объекта.',
        also: (x) => (x.majority > 1 ? `Так же указано ещё в ${x.majority - 1} др. документах комплекта.` : ''),
      },
      report,
    );
  },
});
