import { DATE_SRC, parseRuDate } from '../facts/gpzu-citation.ts';
import type { DocFacts } from '../facts/types.ts';
import { DOCUMENT_TYPES, type DateRule } from './document-types.ts';
import type { DocumentType, ReferenceDate } from './types.ts';

// signature dates of title blocks: «12.03.2021», or «05.24» as month and year
const lastDayOfMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** Month and year of a signature date written as «05.24» (month and two digits of the year), whatever the year. */
export function stampMonth(s: string): { month: number; year: number } | null {
  const m = /^(\d{2})\.(\d{2})$/.exec(s.trim());
  if (!m) return null;
  const month = Number(m[1]);
  return month >= 1 && month <= 12 ? { month, year: 2000 + Number(m[2]) } : null;
}

/** ISO date of a signature date: «12.03.2021» as is, «05.24» as the month's last day; null when it is no date. */
export function stampDate(s: string): string | null {
  const full = parseRuDate(s);
  if (full) return full;
  const m = stampMonth(s);
  if (!m || m.year > new Date().getUTCFullYear() + 1) return null;
  return `${m.year}-${String(m.month).padStart(2, '0')}-${String(lastDayOfMonth(m.year, m.month)).padStart(2, '0')}`;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The top of the first page, where a letter, a ТУ or an assignment prints its own number and date. */
const TOP_CHARS = 1500;

// an act the document quotes («ПП РФ № 87 от 16.02.2008», «приказом … от …»): its date is the act's, not the document's
// («на Ваше письмо № … от …», «на № 3м-378 от …», «по письму исх. № … от …» are the letter answered, «(в редакции от …)»
// an edition of what it quotes)
const QUOTED_ACT =
  /(?:постановлени|приказ|распоряжени|закон|решени|кодекс|протокол|редакци|(?<![а-яё])пп(?![а-яё])|фз(?![а-яё])|на\s+ваш|ваше\s+письм|(?<![а-яё])на\s*№|по\s+письму|в\s+ответ\s+на)[^\n]{0,60}$/iu;

// the XML documents' own dates are written as ISO dates («Номер 1 от 2025-12-10» of a design assignment's text)
const ANY_DATE = String.raw`${DATE_SRC}|\d{4}-\d{2}-\d{2}`;
const parseAnyDate = (s: string) => (/^\d{4}-\d{2}-\d{2}$/.test(s) ? parseRuDate(s.split('-').reverse().join('.')) && s : parseRuDate(s));

// the letter's own number and date: «исх. № 420/19 от 07.06.2019», «исх. 2804/19/УК от 03.12.2019», or a line opening with
// its number «№163 от 11 октября 2018 г.»
const LETTER_LINE = new RegExp(
  String.raw`(?:исх(?:одящий|\.)?\s*(?:(?:№|N|номер)\s*)?[^\n]{0,30}?\s(?:от\s*)?|^[ \t]*(?:№|N)\s*[^\s\n][^\n]{0,30}?\s+от\s+)(${DATE_SRC})`,
  'gimu',
);
// a date alone on its line at the top («03.12.2019», «"03" декабря 2019 г.»), as a letter's date line is printed
const DATE_LINE = new RegExp(String.raw`^[ \t«"]*(${DATE_SRC.replace(String.raw`\d{1,2}\s+`, String.raw`\d{1,2}[»"]?\s+`)})[ \t]*(?:г\.?|года)?[ \t]*$`, 'imu');
const NAME_DATE = new RegExp(String.raw`(?:^|[\s_(])от\s*(${DATE_SRC})`, 'iu');
const ISSUED = new RegExp(
  String.raw`(?:дата\s+(?:выдачи|подготовки|регистрации|утверждения|составления)[^\d\n]{0,20}|(?:№|N|Номер)\s*[^\n]{1,40}?\s+от\s+|(?:^|\n)[ \t]*от\s+)(${ANY_DATE})`,
  'giu',
);

const fromHead = (d: DocFacts, source: ReferenceDate['source'], m: RegExpMatchArray | null, page = 1): ReferenceDate | null => {
  const date = m ? parseAnyDate(m[1]!.replace(/[»"]/g, '')) : null;
  return date ? { date, source, docIndex: d.doc.index, page, text: m![0].replace(/\s+/g, ' ').trim() } : null;
};

/** «исх. № 420/19 от 07.06.2019» or a date line at the top — never the number and date of the letter it answers. */
function letterDate(d: DocFacts): ReferenceDate | null {
  const top = d.head.slice(0, TOP_CHARS);
  for (const m of top.matchAll(LETTER_LINE)) {
    if (QUOTED_ACT.test(top.slice(Math.max(0, m.index - 80), m.index))) continue;
    const found = fromHead(d, 'letter', m);
    if (found) return found;
  }
  return fromHead(d, 'letter', DATE_LINE.exec(top));
}

/** «… от 07.06.2019» or «Задание на проектирование 29.12.2025» in the file name, as the sender named it. */
function nameDate(d: DocFacts): ReferenceDate | null {
  const name = d.doc.name.replace(/_/g, ' ').replace(/\.[a-z0-9]{2,4}$/i, '');
  const m = NAME_DATE.exec(name) ?? new RegExp(String.raw`(?:^|\s)(${DATE_SRC})(?:\s|$)`, 'u').exec(name);
  const date = m ? parseRuDate(m[1]!) : null;
  return date ? { date, source: 'file_name', docIndex: d.doc.index, text: m![1]! } : null;
}

/** The date a document was issued or signed, as its first page states it — never the date of an act it quotes. */
function issuedDate(d: DocFacts): ReferenceDate | null {
  const top = d.head.slice(0, TOP_CHARS);
  ISSUED.lastIndex = 0;
  for (let m = ISSUED.exec(top); m; m = ISSUED.exec(top)) {
    if (QUOTED_ACT.test(top.slice(Math.max(0, m.index - 80), m.index + m[0].length - m[1]!.length))) continue;
    const found = fromHead(d, 'issued', m);
    if (found) return found;
  }
  return null;
}

/** The date the ГПЗУ document of the set bears: «Дата выдачи 12.03.2021», or «№ … от 12.03.2021» in its head. */
function gpzuDocumentDate(d: DocFacts): ReferenceDate | null {
  const m = new RegExp(String.raw`(?:дата\s+(?:выдачи|подготовки|регистрации)[^\d\n]{0,20}|(?:^|\s)от\s+)(${DATE_SRC})`, 'iu').exec(d.head);
  const date = m ? parseRuDate(m[1]!) : null;
  if (!date) return null;
  return { date, source: 'gpzu_document', docIndex: d.doc.index, page: 1, text: m![0].trim() };
}

/** The latest signature date of the document's title blocks. */
function stampsDate(d: DocFacts): ReferenceDate | null {
  let best: ReferenceDate | null = null;
  for (const st of d.stamps)
    for (const raw of st.dates ?? []) {
      const date = stampDate(raw);
      // a signature date not yet come is a typo, not the day the document was made
      if (date && date <= today() && (!best || date > best.date))
        best = { date, source: 'stamp', docIndex: d.doc.index, page: st.docPage, text: `дата в основной надписи ${raw}` };
    }
  return best;
}

function iulDate(d: DocFacts): ReferenceDate | null {
  const signed = [...(d.iul?.signedOn ?? [])].sort().at(-1) ?? d.iul?.changedOn ?? null;
  return signed ? { date: signed, source: 'iul', docIndex: d.doc.index, page: 1, text: `дата подписания ИУЛ ${signed.split('-').reverse().join('.')}` } : null;
}

/** An estimate's «Дата составления (сметы)», else its «Дата утверждения»: a day, or the quarter the field names. */
function estimateDate(d: DocFacts): ReferenceDate | null {
  const dates = d.estimateForm?.dates ?? [];
  const found =
    dates.find((s) => s.field === 'made' && !s.from) ?? dates.find((s) => s.field === 'approved' && !s.from) ?? dates.find((s) => s.field === 'made');
  return found
    ? { date: found.date, ...(found.from ? { from: found.from } : {}), source: 'estimate', docIndex: d.doc.index, page: found.docPage, text: found.text }
    : null;
}

const READERS: Record<DateRule, (d: DocFacts) => ReferenceDate | null> = {
  xml: (d) => {
    const year = Number(d.xml?.year);
    return Number.isInteger(year) && year > 1990
      ? { date: `${year}-12-31`, source: 'xml_year', docIndex: d.doc.index, text: `ExplanatoryNoteYear ${year}` }
      : null;
  },
  letter: letterDate,
  file_name: nameDate,
  iul: iulDate,
  stamp: stampsDate,
  issued: issuedDate,
  gpzu: gpzuDocumentDate,
  estimate: estimateDate,
  title_year: (d) => (d.year !== null ? { date: `${d.year}-12-31`, source: 'title_year', docIndex: d.doc.index, page: 1, text: `${d.year} г.` } : null),
};

/** What one rule reads of a document's date, or null. */
export const readDate = (rule: DateRule, d: DocFacts): ReferenceDate | null => READERS[rule](d);

/** The document's own date by its type's rule: the first place its form gives one, with where it was read. */
export function ownDateOf(d: DocFacts, type: DocumentType): ReferenceDate | null {
  for (const rule of DOCUMENT_TYPES[type].dates) {
    const found = readDate(rule, d);
    if (found) return found;
  }
  return null;
}
