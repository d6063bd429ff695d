/**
 * Federal laws, Government decrees and ministry orders that project documentation cites by number and date, with the
 * date each was adopted. A citation with the right number and title but another date is a mistyped date
 * (dates.implausible). Numbers are reused every year, so an act is recognised by its title as well (`title`): «№ 384-ФЗ»
 * with another date and no title may be another law of that number.
 * `src`: where the date was confirmed — an official publication or a legal database page naming the act with its date.
 * `amendments`: the amending acts that changed its wording, each with the day it came into force and where that was read
 * — only for acts whose amendments were verified; an edition cited as older than one in force is outdated
 * (norms.superseded).
 */

export interface ActAmendment {
  /** The amending act as cited in findings. */
  act: string;
  /** ISO date it was adopted: an edition is named by it («в редакции от 27.05.2022»), so one of that date or later is the amended one. */
  date: string;
  /** ISO date the amended wording came into force. */
  inForce: string;
  /** What it changed, in Russian, for the finding. */
  changed: string;
  src: string;
}

export interface AdoptedAct {
  kind: 'ФЗ' | 'ПП' | 'ПРИКАЗ';
  /** «384» for № 384-ФЗ, «87» for ПП РФ № 87, «567» for приказ Минэкономразвития России № 567. */
  number: string;
  /** An order's issuer as the stem the norms matcher keeps («МИНЭК» for Минэкономразвития): numbers repeat across bodies. */
  issuer?: string;
  /** ISO date of adoption (signature). */
  date: string;
  /** Short Russian name for findings. */
  name: string;
  /** Words of its title that identify it beside the number (folded, lower case). */
  title: RegExp;
  src: string;
  amendments?: readonly ActAmendment[];
}

export const ADOPTED_ACTS: readonly AdoptedAct[] = [
  {
    kind: 'ФЗ',
    number: '384',
    date: '2009-12-30',
    name: 'Федеральный закон «Технический регламент о безопасности зданий и сооружений»',
    title: /безопасности зданий и сооружений/,
    src: 'zakonrf.info, gist.github.com copies of the consultant.ru card «от 30.12.2009 N 384-ФЗ»',
  },
  {
    kind: 'ФЗ',
    number: '123',
    date: '2008-07-22',
    name: 'Федеральный закон «Технический регламент о требованиях пожарной безопасности»',
    title: /требовани\S* пожарной безопасности/,
    src: 'zakonrf.info/doc-16251904 «от 22.07.2008 N 123-ФЗ»',
  },
  {
    kind: 'ФЗ',
    number: '190',
    date: '2004-12-29',
    name: 'Градостроительный кодекс Российской Федерации',
    title: /градостроительн\S* кодекс/,
    src: 'fzrf.su/kodeks/grk «от 29.12.2004 N 190-ФЗ»',
  },
  {
    kind: 'ФЗ',
    number: '261',
    date: '2009-11-23',
    name: 'Федеральный закон «Об энергосбережении и о повышении энергетической эффективности…»',
    title: /энергосбережени/,
    src: 'zakonrf.info/izmeneniya-v-zakonodatelstve/sravnenie-3394 «от 23.11.2009 N 261-ФЗ»',
  },
  {
    kind: 'ПП',
    number: '87',
    date: '2008-02-16',
    name: 'Постановление Правительства РФ «О составе разделов проектной документации и требованиях к их содержанию»',
    title: /состав\S* разделов проектной документации/,
    src: 'docs.cntd.ru/document/902087949 «от 16 февраля 2008 года N 87»',
    amendments: [
      {
        act: 'ПП РФ от 27.05.2022 № 963',
        date: '2022-05-27',
        inForce: '2022-09-01',
        changed: 'изменены состав разделов и нумерация пунктов Положения',
        src: 'npnoeks.ru, 06.06.2022: опубликовано ПП РФ № 963 от 27.05.2022 «О внесении изменений в Положение о составе разделов проектной документации…»; вступление в силу с 01.09.2022 — сводка редакций ПП № 87 в справочных текстах карты содержания (domain/sources README §1, по вторичным источникам); новый перечень разделов (1 ПЗ … 13 Иная) — XML-схема Минстроя explanatorynote-01-07 («Изменения в соответствии с Постановлением правительства … №963»)',
      },
    ],
  },
  {
    kind: 'ПП',
    number: '963',
    date: '2022-05-27',
    name: 'Постановление Правительства РФ о внесении изменений в Положение о составе разделов проектной документации',
    title: /состав\S* разделов проектной документации/,
    src: 'npnoeks.ru news of 06.06.2022 «№ 963 от 27.05.2022»',
  },
  {
    kind: 'ПП',
    number: '1521',
    date: '2014-12-26',
    name: 'Постановление Правительства РФ об утверждении перечня национальных стандартов и сводов правил (обязательное применение)',
    title: /перечн\S* национальных стандартов/,
    src: 'gist.github.com copies of the consultant.ru card «от 26.12.2014 N 1521»; norms.md §5 (source A)',
  },
  {
    kind: 'ПП',
    number: '1479',
    date: '2020-09-16',
    name: 'Постановление Правительства РФ «Об утверждении Правил противопожарного режима в Российской Федерации»',
    title: /противопожарн\S* режим/,
    src: 'newargun.ru (прокуратура) «от 16 сентября 2020 года № 1479»; norms.md §2 (source A, government.ru/docs/all/130094/)',
  },
  {
    kind: 'ПП',
    number: '390',
    date: '2012-04-25',
    name: 'Постановление Правительства РФ «О противопожарном режиме»',
    title: /противопожарн\S* режим/,
    src: 'norms.md §2 (source A); newargun.ru «от 25 апреля 2012 года № 390»',
  },
  {
    kind: 'ПРИКАЗ',
    number: '567',
    issuer: 'МИНЭК',
    date: '2013-10-02',
    name: 'Приказ Минэкономразвития России «Об утверждении Методических рекомендаций по применению методов определения начальной (максимальной) цены контракта…»',
    title: /цен\S* контракт|единственн\S* поставщик/,
    src: 'gist.github.com/b67dcaacf11a97db4340a7ab0c0db6f4 «Приказ Министерства экономического развития РФ от 2 октября 2013 г. N 567 "Об утверждении Методических рекомендаций по применению методов определения начальной (максимальной) цены контракта…"»; gist.github.com/36114e493e1ad8a1dc358a1bebf7975c «Приказ Минэкономразвития России от 02.10.2013 N 567»',
  },
];

/** The act of that kind and number (and, for an order, of that issuer), if the registry holds it. */
export function adoptedAct(kind: AdoptedAct['kind'], number: string, issuer?: string): AdoptedAct | undefined {
  return ADOPTED_ACTS.find((a) => a.kind === kind && a.number === number && a.issuer === issuer);
}
