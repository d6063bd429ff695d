/**
 * The design assignment judged as a document, in whatever file it came (PDF, DOCX, the Минстрой XML): the documents it
 * lists dated after its own date, values left as placeholders, its parties' ИНН and ОГРН, and the municipality of the
 * object's address against the one that issued the ГПЗУ and ТУ it lists.
 */
import type { AssignmentXmlForm, ListedDocument } from '../extract/design-assignment.ts';
import {
  idsContradict,
  innValid,
  municipalitiesOf,
  ogrnValid,
  PARTY_TITLES,
  sameMunicipality,
  type PartyIdFact,
  type PlaceholderFact,
} from '../facts/assignment-form.ts';
import type { DocFacts } from '../facts/types.ts';
import { ruDate } from './reference-date.ts';
import { defineCheck, type CheckContext, type Place, type Report } from './types.ts';
import { xmlDate } from './xml-note-content.ts';

/** The form the assignment's rows follow; the parties' ОГРН and ИНН are its п. 2–4. */
const FORM = 'Типовая форма задания на проектирование (приказ Минстроя России от 01.03.2018 № 125/пр, прил. 1)';
const SCHEMA = 'XML-схема задания на проектирование Минстроя России (DesignAssignment)';

/** A document the assignment lists, as the check judges it: what it is called, its date, where it stands. */
interface Listed {
  what: string;
  date: string;
  /** Typed by the form (a ГПЗУ or ТУ number with its date, an XML element): a date after the assignment's is certain. */
  typed: boolean;
  page: number;
  path?: string;
  quote: string;
}

/** What a listed XML document is, by its kind's code (tDocumentsTypeCode) or its name. */
function listedKind(d: ListedDocument): string {
  if (d.type === '03.02') return 'ГПЗУ';
  if (d.type.startsWith('04.')) return 'ТУ';
  if (d.type.startsWith('06.')) return 'отчёт об изысканиях';
  if (/доверенност/iu.test(d.name)) return 'доверенность';
  if (/письм/iu.test(d.name)) return 'письмо';
  return 'документ';
}

const quoteOf = (d: ListedDocument) => `${d.name}${d.number ? ` № ${d.number}` : ''}${d.date ? ` от ${d.date}` : ''}`;

/** The assignment's own date: Requisites/Date of the XML, else the date the set model read from its form. */
function ownDate(ctx: CheckContext, d: DocFacts): { iso: string; text: string; certain: boolean } | null {
  const xmlOwn = d.assignmentXml?.date ? xmlDate(d.assignmentXml.date.value) : null;
  if (xmlOwn) return { iso: xmlOwn, text: `${d.assignmentXml!.date!.path}: «${d.assignmentXml!.date!.value}»`, certain: true };
  const r = ctx.set.documents.find((t) => t.docIndex === d.doc.index)?.date;
  if (!r) return null;
  // a year of the title page or a date in the file's name is where the date may stand, not the form's own date line
  const certain = r.source === 'issued';
  return { iso: r.date, text: r.source === 'file_name' ? `${r.text} (имя файла)` : r.source === 'title_year' ? `${r.text} (титульный лист)` : r.text, certain };
}

/** «отчёт» / «письмо» / «доверенность» in the words before a dated mention, for naming it. */
function mentionKind(snippet: string): string {
  const s = snippet.toLowerCase();
  if (/доверенност/u.test(s)) return 'доверенность';
  if (/письм/u.test(s)) return 'письмо';
  if (/(?<![а-яё])ту(?![а-яё])|технически\S* услови/u.test(s)) return 'ТУ';
  if (/гпзу|градостроительн\S* план/u.test(s)) return 'ГПЗУ';
  if (/отч[её]т|изыскани/u.test(s)) return 'отчёт об изысканиях';
  return 'документ';
}

const isoOf = (p: { day: number; month: number; year: number }) => `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;

/** The documents an assignment lists with their dates: the XML's DocumentInfo, or the ГПЗУ, ТУ and dated documents of its text. */
function listedOf(d: DocFacts): Listed[] {
  if (d.assignmentXml) {
    return d.assignmentXml.listed.flatMap((l) => {
      const date = l.date ? xmlDate(l.date) : null;
      return date ? [{ what: `${listedKind(l)} «${quoteOf(l)}»`, date, typed: true, page: 1, path: `${l.path}/Date`, quote: quoteOf(l) }] : [];
    });
  }
  const out: Listed[] = [];
  for (const g of d.gpzu) if (g.date) out.push({ what: `ГПЗУ № ${g.number}`, date: g.date, typed: true, page: g.docPage, quote: g.snippet });
  for (const t of d.techConditions) if (t.date) out.push({ what: `ТУ № ${t.number}`, date: t.date, typed: true, page: t.docPage, quote: t.snippet });
  // a law or a decree is cited with its own date, never listed as the assignment's basis
  for (const m of d.datedMentions) {
    if (m.act || m.year < 1900) continue;
    const date = isoOf(m);
    if (out.some((o) => o.date === date && o.page === m.docPage)) continue;
    out.push({ what: `${mentionKind(m.snippet)} от ${m.raw}`, date, typed: false, page: m.docPage, quote: m.snippet });
  }
  return out;
}

const placeOf = (d: DocFacts, page: number): Place => ({ doc: d, page });
const at = (l: { path?: string; page?: number; docPage?: number }) => (l.path ? `элемент ${l.path}` : `с. ${l.page ?? l.docPage}`);

/** (a) Documents the assignment lists dated after the assignment itself: one finding for the certain ones, one question for the rest. */
function judgeDates(ctx: CheckContext, d: DocFacts, report: Report): void {
  const own = ownDate(ctx, d);
  if (!own) return;
  const today = new Date().toISOString().slice(0, 10);
  // a date not yet come is dates.implausible's; a later one is this cause: the assignment's date
  const late = listedOf(d).filter((l) => l.date > own.iso && l.date <= today);
  const certain = late.filter((l) => l.typed && own.certain);
  const doubtful = late.filter((l) => !certain.includes(l));
  const list = (ls: Listed[]) => ls.map((l) => `${l.what} (${ruDate(l.date)}; ${at(l)}: «${l.quote}»)`).join('; ');
  if (certain.length) {
    report({
      about: d,
      places: [...new Map(certain.map((l) => [l.page, placeOf(d, l.page)])).values()],
      essence: `Задание на проектирование датировано ${ruDate(own.iso)}, а ${certain.length > 1 ? `перечисленные в нём документы выданы позже` : `перечисленный в нём документ выдан позже`}: ${certain.map((l) => `${l.what} от ${ruDate(l.date)}`).join(', ')}.`,
      evidence: `Дата задания — ${own.text}. ${list(certain)}. Документ, на котором основано задание, не может быть выдан после его утверждения: задание утверждено позже своей даты, переутверждено без изменения даты, или в дате опечатка.`,
      action:
        'Уточнить дату задания на проектирование (или выпустить его изменение с актуальной датой) либо исправить даты перечисленных документов по самим документам.',
      norm: d.assignmentXml ? `${FORM}; ${SCHEMA}` : FORM,
    });
  }
  if (doubtful.length) {
    report.question({
      section: d.section ?? 'ОБЩ',
      text: `Задание на проектирование «${d.doc.name}» датировано ${ruDate(own.iso)} (${own.text}), а упомянутые в нём документы — позже: ${list(doubtful)}. Подтвердите дату задания или дату этих документов.`,
      reason: own.certain
        ? 'дата упомянутого документа прочитана из текста, а не из поля формы: возможно, это дата другого события'
        : 'дата самого задания прочитана не из его формы (имя файла или год титульного листа)',
      places: [...new Map(doubtful.map((l) => [l.page, placeOf(d, l.page)])).values()],
    });
  }
}

const PLACEHOLDER_WORDS: Record<PlaceholderFact['kind'], string> = {
  example_domain: 'адрес из зарезервированного для примеров домена (RFC 2606)',
  letters: 'условные знаки вместо значения',
  blank: 'поле оставлено пустой линией',
  to_fill: 'слова шаблона вместо значения',
  empty: 'обязательный элемент схемы без значения',
};

/** (b) Values left as placeholders: one finding listing every place. */
function judgePlaceholders(d: DocFacts, report: Report): void {
  const xml = d.assignmentXml;
  // an empty required element is the schema check's finding wherever the schema was validated
  const validated = d.schema?.validated === true;
  const found = (xml ? xml.placeholders : (d.assignmentForm?.placeholders ?? [])).filter((p) => p.kind !== 'empty' || !validated);
  if (!found.length) return;
  const unique = [...new Map(found.map((p) => [`${p.path ?? p.docPage}|${p.raw}`, p])).values()];
  const said = unique.map((p) => `${at(p)}: «${p.kind === 'empty' ? p.snippet : p.raw}» — ${PLACEHOLDER_WORDS[p.kind]}${p.path ? '' : ` («${p.snippet}»)`}`);
  report({
    about: d,
    places: [...new Map(unique.map((p) => [p.docPage, placeOf(d, p.docPage)])).values()],
    essence: `В задании на проектирование не заполнены ${unique.length > 1 ? `${unique.length} значения` : 'значение'}: ${unique
      .slice(0, 5)
      .map((p) => (p.kind === 'empty' ? p.path!.split('/').pop() : `«${p.raw}»`))
      .join(', ')}${unique.length > 5 ? ' …' : ''}.`,
    evidence: `${said.join('; ')}.`,
    action: 'Указать действительные сведения вместо заполнителей шаблона и переутвердить задание.',
    norm: xml ? `${FORM}; ${SCHEMA}` : FORM,
  });
}

const roleName = (p: PartyIdFact) => (p.role ? PARTY_TITLES[p.role] : 'сторона');

/** (c) The parties: the designer missing from an XML assignment, an ИНН or ОГРН whose check digit fails, the two of different kinds. */
function judgeParties(d: DocFacts, report: Report): void {
  const xml: AssignmentXmlForm | undefined = d.assignmentXml;
  const norm = xml ? `${FORM}; ${SCHEMA}` : FORM;
  if (xml?.designers && xml.designers.count === 0) {
    report({
      about: d,
      places: [placeOf(d, 1)],
      essence: 'В задании на проектирование не указан разработчик проектной документации.',
      evidence: `Элемент ${xml.designers.path} не содержит ни одного Designer (схема это допускает, форма задания — нет: п. 4 «Проектная организация» с наименованием, ОГРН и ИНН).`,
      action: 'Указать разработчика проектной документации (Designers/Designer) с его наименованием, ОГРН и ИНН.',
      norm,
    });
  }
  const parties = xml ? xml.parties : (d.assignmentForm?.parties ?? []);
  const seen = new Set<string>();
  for (const p of parties) {
    const faults: string[] = [];
    if (p.inn && !innValid(p.inn)) faults.push(`контрольная цифра ИНН ${p.inn} не сходится`);
    if (p.ogrn && /^\d{13}$|^\d{15}$/.test(p.ogrn) && !ogrnValid(p.ogrn))
      faults.push(`контрольная цифра ${p.ogrn.length === 15 ? 'ОГРНИП' : 'ОГРН'} ${p.ogrn} не сходится`);
    if (p.inn && p.ogrn && idsContradict(p.inn, p.ogrn))
      faults.push(
        `ИНН из ${p.inn.length} цифр (${p.inn.length === 10 ? 'юридического лица' : 'физического лица или ИП'}) при ${p.ogrn.length === 15 ? 'ОГРНИП' : 'ОГРН'} из ${p.ogrn.length} цифр`,
      );
    if (!faults.length) continue;
    const key = `${p.inn}|${p.ogrn}`;
    if (seen.has(key)) continue;
    seen.add(key);
    report({
      about: d,
      places: [placeOf(d, p.docPage)],
      essence: `В задании на проектирование реквизиты стороны (${roleName(p)}${p.name ? ` «${p.name}»` : ''}) указаны с ошибкой: ${faults.join('; ')}.`,
      evidence: `${at(p)}: «${p.snippet}». Контрольные цифры ИНН и ОГРН вычисляются из остальных цифр номера; номер, у которого они не сходятся, не может принадлежать ни одной организации.`,
      action: 'Сверить ИНН и ОГРН стороны с выпиской ЕГРЮЛ/ЕГРИП и исправить их в задании.',
      norm,
    });
  }
}

/** The object's address: the XML's Object/Address, else the addresses the assignment's text states, else the set's object. */
function objectAddress(ctx: CheckContext, d: DocFacts): { value: string; where: string } | null {
  if (d.assignmentXml?.address) return { value: d.assignmentXml.address.value, where: `элемент ${d.assignmentXml.address.path}` };
  const own = d.addresses.find((a) => municipalitiesOf(a.value).length);
  if (own) return { value: own.value, where: `с. ${own.docPage}` };
  const set = ctx.set.object?.address;
  return set ? { value: set.value, where: 'адрес объекта по документации' } : null;
}

/** Who issued the ГПЗУ and ТУ the assignment lists, with the municipality their words name. */
function issuersOf(d: DocFacts): { what: string; issuer: string; where: string; page: number }[] {
  if (d.assignmentXml)
    return d.assignmentXml.listed
      .filter((l) => (l.type === '03.02' || l.type.startsWith('04.')) && l.issuer)
      .map((l) => ({ what: `${listedKind(l)} «${quoteOf(l)}»`, issuer: l.issuer!, where: `элемент ${l.path}`, page: 1 }));
  // in text, the words around a cited ГПЗУ or ТУ name the body that issued it («выдан Администрацией городского округа …»)
  return [...d.gpzu.map((g) => ({ what: `ГПЗУ № ${g.number}`, g })), ...d.techConditions.map((t) => ({ what: `ТУ № ${t.number}`, g: t }))]
    .filter(({ g }) => /администраци|выдан|утвержд/iu.test(g.snippet))
    .map(({ what, g }) => ({ what, issuer: g.snippet, where: `с. ${g.docPage}`, page: g.docPage }));
}

/** (d) The object's municipality against the one whose body issued the ГПЗУ and ТУ listed: one question, never a finding. */
function judgeMunicipality(ctx: CheckContext, d: DocFacts, report: Report): void {
  const address = objectAddress(ctx, d);
  if (!address) return;
  const places = municipalitiesOf(address.value);
  if (!places.length) return;
  const foreign = issuersOf(d).filter((i) => {
    const named = municipalitiesOf(i.issuer);
    // an issuer naming no municipality (a region's ministry, a utility) says nothing of the place
    return named.length > 0 && !named.some((n) => places.some((p) => sameMunicipality(n, p)));
  });
  if (!foreign.length) return;
  report.question({
    section: d.section ?? 'ОБЩ',
    text: `Объект задания на проектирование «${d.doc.name}» расположен по адресу «${address.value}» (${address.where}), а ${foreign.length > 1 ? 'перечисленные документы выданы органами' : 'документ выдан органом'} другого муниципального образования: ${foreign
      .map((f) => `${f.what} — «${f.issuer}» (${f.where})`)
      .join('; ')}. Подтвердите, что документы относятся к этому объекту и земельному участку.`,
    reason:
      'муниципальное образование выдавшего органа не совпадает с муниципальным образованием адреса объекта; границы округов и переименования по тексту не проверить',
    places: [...new Map(foreign.map((f) => [f.page, placeOf(d, f.page)])).values()],
  });
}

/** The design assignment as a document: its dates, placeholders, parties and the place of the documents it lists. */
export const assignmentDocument = defineCheck({
  id: 'assignment.document',
  theme: 'unassigned',
  importance: 'significant',
  title: 'Задание на проектирование как документ: даты перечисленных документов, незаполненные поля, реквизиты сторон, муниципальное образование ГПЗУ и ТУ',
  appliesTo: ['design_task'],
  find(ctx, report) {
    for (const d of ctx.docs) {
      judgeDates(ctx, d, report);
      judgePlaceholders(d, report);
      judgeParties(d, report);
      judgeMunicipality(ctx, d, report);
    }
  },
});
