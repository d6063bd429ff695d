import type { XmlIssuedDoc, XmlNoteFacts } from '../extract/xml-note.ts';
import { cipherKey, editDistance, parseCiphers } from '../facts/cipher.ts';
import { ruDate } from './reference-date.ts';
import type { CompositionEdition } from '../set/types.ts';
import { defineCheck, type FindingDraft } from './types.ts';

const SCHEMA = 'XML-схема пояснительной записки Минстроя России (ExplanatoryNote)';
/** Dates before it are typing errors («0024» for «2024»), not documents of the set. */
const EARLIEST_YEAR = 1900;

/** A fault of the note's content: what is wrong, where (element paths) and how to fix it. */
export interface NoteFault {
  importance: NonNullable<FindingDraft['importance']>;
  essence: string;
  evidence: string;
  action: string;
}

/** «2024-03-12», «2024-03-12+03:00» (xs:date) or «12.03.2024»: the ISO date, or null when the text is not a date. */
export function xmlDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:$|[TZ+-])/.exec(text.trim());
  const ru = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim());
  const [y, m, d] = iso ? [iso[1]!, iso[2]!, iso[3]!] : ru ? [ru[3]!, ru[2]!, ru[1]!] : [];
  if (!y || !m || !d) return null;
  const month = Number(m);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return `${y}-${m}-${d}`;
}

const named = (d: XmlIssuedDoc) => `«${d.name || `документ вида ${d.type || 'не указан'}`}»${d.number ? ` № ${d.number}` : ''}`;

/** The number of a document «б/н», «без номера»: written without a number on purpose. */
const NO_NUMBER = /^(?:б\s*\/\s*н|бн|без\s+номера|н\s*\/\s*д|-|—)$/i;
/** Words that make a field an organisation's name, not a number. */
const ORGANISATION =
  /(?:^|[\s«"(])(?:ООО|АО|ПАО|ОАО|ЗАО|НАО|ГУП|МУП|ФГУП|ГБУ|ГАУ|МБУ|МКУ|ГКУ|ФГБУ|АНО|ИП)(?=[\s«"]|$)|администраци|департамент|комитет|министерств|управлени|филиал|водоканал|энерго|сет[иье](?![а-яё])|общество с ограниченной/i;
/** A document number as met in issued documents: digits with letters, slashes, dashes, dots; no more than a few words. */
const NUMBER_LIKE = /^(?=.*\d)[\p{L}\d№#\s/.,:\-–—_()]{1,40}$/u;

/** Implausible dates: before 1900, in the future, or later than the note that cites the document as issued. */
export function dateFaults(x: XmlNoteFacts, today: string): NoteFault[] {
  const faults: NoteFault[] = [];
  const thisYear = Number(today.slice(0, 4));
  const noteYear = x.year !== null && /^\d{4}$/.test(x.year) ? Number(x.year) : null;
  if (x.year !== null && (noteYear === null || noteYear < EARLIEST_YEAR || noteYear > thisYear)) {
    faults.push({
      importance: 'significant',
      essence: `Год составления XML пояснительной записки указан неверно: «${x.year}».`,
      evidence: `ExplanatoryNote/ExplanatoryNoteYear: «${x.year}»; ${noteYear === null ? 'это не год из четырёх цифр' : noteYear > thisYear ? `год позже текущего (${thisYear})` : `год раньше ${EARLIEST_YEAR}`}.`,
      action: 'Указать в ExplanatoryNoteYear год составления пояснительной записки.',
    });
  }
  // the note is as late as its last change: a document issued for a corrected edition is not «later than the note»
  const changed = x.modificationDates.map((m) => xmlDate(m.text)).filter((d): d is string => d !== null && Number(d.slice(0, 4)) >= EARLIEST_YEAR);
  const noteUntil = Math.max(noteYear !== null && noteYear <= thisYear ? noteYear : -1, ...changed.map((d) => Number(d.slice(0, 4))));
  const dated = [
    ...x.issuedDocuments.map((d) => ({ path: `${d.path}/DocDate`, text: d.date, what: `документа ${named(d)}`, issued: true })),
    ...x.modificationDates.map((m) => ({ path: m.path, text: m.text, what: 'внесения изменений', issued: false })),
  ];
  for (const d of dated) {
    if (!d.text) continue;
    const date = xmlDate(d.text);
    if (!date) {
      faults.push({
        importance: 'minor',
        essence: `Дата ${d.what} в XML пояснительной записке записана не как дата: «${d.text}».`,
        evidence: `${d.path}: «${d.text}».`,
        action: 'Указать дату в формате ГГГГ-ММ-ДД (xs:date), как требует XML-схема пояснительной записки.',
      });
      continue;
    }
    const year = Number(date.slice(0, 4));
    if (year < EARLIEST_YEAR) {
      faults.push({
        importance: 'significant',
        essence: `Дата ${d.what} в XML пояснительной записке невозможна: ${d.text} (год ${date.slice(0, 4)}).`,
        evidence: `${d.path}: «${d.text}» — год раньше ${EARLIEST_YEAR}, вероятно, опечатка в годе.`,
        action: 'Исправить дату по самому документу (год из четырёх цифр).',
      });
    } else if (date > today) {
      faults.push({
        importance: 'significant',
        essence: `Дата ${d.what} в XML пояснительной записке ещё не наступила: ${ruDate(date)}.`,
        evidence: `${d.path}: «${d.text}»; сегодня ${ruDate(today)}.`,
        action: 'Исправить дату по самому документу.',
      });
    } else if (d.issued && noteUntil >= EARLIEST_YEAR && year > noteUntil) {
      faults.push({
        importance: 'significant',
        essence: `Документ ${named(x.issuedDocuments.find((i) => `${i.path}/DocDate` === d.path)!)} датирован ${ruDate(date)} — позже года составления XML пояснительной записки (${noteUntil}), которая ссылается на него как на выданный.`,
        evidence: `${d.path}: «${d.text}»; ExplanatoryNote/ExplanatoryNoteYear: «${x.year}»${changed.length ? `; последнее изменение записки — ${changed.map((c) => ruDate(c)).join(', ')}` : ''}.`,
        action:
          'Исправить дату документа или год составления записки; если документ выдан после её составления, внести изменения в записку (ExplanatoryNoteModifications).',
      });
    }
  }
  return faults;
}

/** Fields holding what another field should: an organisation in DocNumber and the number in DocIssueAuthor, a number with no digit. */
export function fieldFaults(x: XmlNoteFacts): NoteFault[] {
  const faults: NoteFault[] = [];
  for (const d of x.issuedDocuments) {
    const number = d.number.trim();
    if (!number || /\d/.test(number) || NO_NUMBER.test(number)) continue;
    const issuer = d.issuer.trim();
    if (ORGANISATION.test(number) && NUMBER_LIKE.test(issuer) && !ORGANISATION.test(issuer)) {
      faults.push({
        importance: 'significant',
        essence: `В XML пояснительной записке у документа «${d.name || d.type}» номер и выдавшая организация записаны в полях друг друга.`,
        evidence: `${d.path}/DocNumber: «${number}» — наименование организации; ${d.path}/DocIssueAuthor: «${issuer}» — номер документа.`,
        action: 'Поменять местами значения DocNumber и DocIssueAuthor: в DocNumber — номер документа, в DocIssueAuthor — выдавшая его организация.',
      });
      continue;
    }
    faults.push({
      importance: 'minor',
      essence: `Номер документа ${named({ ...d, number: '' })} в XML пояснительной записке не содержит ни одной цифры: «${number}».`,
      evidence: `${d.path}/DocNumber: «${number}»${issuer ? `; ${d.path}/DocIssueAuthor: «${issuer}»` : ''}.`,
      action: 'Указать в DocNumber номер документа (или «б/н», если документ выдан без номера).',
    });
  }
  return faults;
}

/**
 * A document of the note's sections numbered with a base one or two characters off the base the other documents share
 * («МКД-0109-2025-ПИР-КР.РР» among «МКД-0109-2024-ПИР-…»): a typing error in the number, not another project's document.
 * A number an uploaded document carries as its own cipher is that document's (consistency.cipher judges it, once).
 */
export function numberFaults(x: XmlNoteFacts, uploaded: ReadonlySet<string> = new Set()): NoteFault[] {
  const numbered = x.sections.flatMap((s) =>
    s.documents.flatMap((d) =>
      parseCiphers(d.number)
        .slice(0, 1)
        .map((c) => ({ s, d, c, base: cipherKey(c.base) })),
    ),
  );
  const counts = new Map<string, number>();
  for (const n of numbered) counts.set(n.base, (counts.get(n.base) ?? 0) + 1);
  const [shared, many] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  if (many < 3 || many * 2 <= numbered.length) return [];
  const sharedBase = numbered.find((o) => o.base === shared)!.c.base;
  return numbered
    .filter((n) => n.base !== shared && editDistance(n.base, shared) <= 2 && !uploaded.has(cipherKey(n.c.cipher)))
    .map((n) => ({
      importance: 'significant' as const,
      essence: `В XML пояснительной записке обозначение документа «${n.d.name || n.c.cipher}» (${n.c.cipher}) отличается по базе шифра от остальных документов (${sharedBase}).`,
      evidence: `${n.s.path}: DocNumber «${n.d.number}»; у ${many} других документов разделов база ${sharedBase}.`,
      action: 'Исправить обозначение документа в XML пояснительной записке (и в самом документе, если ошибка и там) на шифр проекта.',
    }));
}

const ESTIMATE_RULE =
  'Градостроительный кодекс РФ, ст. 48, ч. 12 (смета в составе проектной документации объекта, финансируемого с привлечением средств бюджетов бюджетной системы РФ)';
const ORGANISATION_RULE =
  'Положение о составе разделов проектной документации (ПП РФ от 16.02.2008 № 87, ред. от 09.04.2021), п. 7: раздел «Проект организации строительства» разрабатывается в полном объеме для объектов, финансируемых полностью или частично за счет средств бюджетов';

/**
 * Sections marked «не разрабатывался» that the note's own funding makes part of the documentation, so the note
 * contradicts itself: the estimate where the funding is budgetary or of the legal persons the code equates with it
 * (ГрК ст. 48 ч. 12, either edition); for a set of the edition before 01.09.2022 also the construction organisation
 * project where the funding is budgetary (п. 7 of that edition; otherwise the customer decides in the assignment). The
 * current edition's text was not available: nothing more is claimed for it.
 */
export function fundingFaults(x: XmlNoteFacts, edition: CompositionEdition): (NoteFault & { norm: string })[] {
  const f = x.financing;
  if (!f || (!f.budgetLevels.length && !f.stateCustomer)) return [];
  const budget = f.budgetLevels.map((l) => `BudgetSource/BudgetLevel «${l}»`);
  const sources = [...budget, ...(f.stateCustomer ? ['StateCustomerSource'] : [])];
  const faults: (NoteFault & { norm: string })[] = [];
  const estimate = x.sections.find((s) => s.code === 'СМ' && s.notDeveloped);
  if (estimate)
    faults.push({
      importance: 'significant',
      essence: `В XML пояснительной записке раздел «Смета на строительство» отмечен как неразрабатываемый, а объект финансируется из бюджета: смета в составе проектной документации такого объекта обязательна.`,
      evidence: `FinanceSources: ${sources.join(', ')}.\n${estimate.path}/NotDeveloped: «${estimate.notDeveloped}».`,
      action:
        'Разработать раздел «Смета на строительство» и указать его документы в XML пояснительной записке, либо исправить сведения об источниках финансирования.',
      norm: ESTIMATE_RULE,
    });
  const organisation = edition === 'before_2022_09_01' && budget.length ? x.sections.find((s) => s.code === 'ПОС' && s.notDeveloped) : undefined;
  if (organisation)
    faults.push({
      importance: 'significant',
      essence: `В XML пояснительной записке раздел «Проект организации строительства» отмечен как неразрабатываемый, а объект финансируется из бюджета: для такого объекта раздел разрабатывается в полном объеме.`,
      evidence: `FinanceSources: ${budget.join(', ')}.\n${organisation.path}/NotDeveloped: «${organisation.notDeveloped}»; состав оценен по редакции Положения до 01.09.2022.`,
      action:
        'Разработать раздел «Проект организации строительства» и указать его документы в XML пояснительной записке, либо исправить сведения об источниках финансирования.',
      norm: ORGANISATION_RULE,
    });
  return faults;
}

/** The XML note read as a document: dates it gives are possible, and its fields hold what they are for. */
export const xmlNoteContent = defineCheck({
  id: 'xml.explanatory_note_content',
  theme: 'unassigned',
  importance: 'significant',
  title:
    'Содержание XML пояснительной записки правдоподобно: даты выданных документов и изменений, номера в своих полях и с шифром проекта, разделы при её источниках финансирования',
  needs: ['xml_note'],
  find(ctx, report) {
    const { doc, facts } = ctx.xml!;
    const today = new Date().toISOString().slice(0, 10);
    const uploaded = new Set(ctx.docs.flatMap((d) => (d.cipher ? [cipherKey(d.cipher.cipher)] : [])));
    for (const f of [...dateFaults(facts, today), ...fieldFaults(facts), ...numberFaults(facts, uploaded), ...fundingFaults(facts, ctx.set.edition)])
      report({ about: doc, places: [{ doc, page: 1 }], norm: SCHEMA, ...f });
  },
});
