import { DATE_SRC, parseRuDate } from '../facts/gpzu-citation.ts';
import type { DocFacts } from '../facts/types.ts';
import type { DocumentType, ReferenceDate, TypedDocument } from './types.ts';

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

/** The date the ГПЗУ document of the set bears: «Дата выдачи 12.03.2021», or «№ … от 12.03.2021» in its head. */
function gpzuDocumentDate(d: DocFacts): ReferenceDate | null {
  const m = new RegExp(String.raw`(?:дата\s+(?:выдачи|подготовки|регистрации)[^\d\n]{0,20}|(?:^|\s)от\s+)(${DATE_SRC})`, 'iu').exec(d.head);
  const date = m ? parseRuDate(m[1]!) : null;
  if (!date) return null;
  return { date, source: 'gpzu_document', docIndex: d.doc.index, page: 1, text: m![0].trim() };
}

/** The ГПЗУ the set rests on: the one its documents cite most often (first cited on ties), else the date of a ГПЗУ in the set. */
export function gpzuDate(docs: readonly DocFacts[], types: readonly TypedDocument[]): ReferenceDate | null {
  const votes = new Map<string, { n: number; ref: ReferenceDate }>();
  for (const d of docs) {
    for (const c of d.gpzuCitations) {
      const e = votes.get(c.date) ?? { n: 0, ref: { date: c.date, source: 'gpzu', docIndex: d.doc.index, page: c.docPage, text: c.raw.trim() } };
      e.n++;
      votes.set(c.date, e);
    }
  }
  const cited = [...votes.values()].sort((a, b) => b.n - a.n)[0];
  if (cited) return cited.ref;
  for (const t of types) {
    if (t.type !== 'gpzu') continue;
    const own = gpzuDocumentDate(docs.find((d) => d.doc.index === t.docIndex)!);
    if (own) return own;
  }
  return null;
}

/** The latest signature date of the reviewed documents' stamps, with where it was read. */
function stampsDate(docs: readonly DocFacts[]): ReferenceDate | null {
  let best: ReferenceDate | null = null;
  for (const d of docs) {
    if (d.doc.role !== 'review') continue;
    for (const st of d.stamps) {
      for (const raw of st.dates ?? []) {
        const date = stampDate(raw);
        if (date && (!best || date > best.date))
          best = { date, source: 'stamp', docIndex: d.doc.index, page: st.docPage, text: `дата в основной надписи ${raw}` };
      }
    }
  }
  return best;
}

/**
 * When the documentation was made: the signature dates of its stamps (the most precise), else the XML note's year,
 * else the latest year on the title pages of reviewed documents. A year alone stands for its last day. The design
 * documents date the set; a set without any (survey reports, estimates) is dated by its own documents.
 */
export function documentationDate(docs: readonly DocFacts[], types: readonly TypedDocument[]): ReferenceDate | null {
  const typed = (kinds: readonly DocumentType[]) => docs.filter((d) => kinds.includes(types.find((x) => x.docIndex === d.doc.index)?.type ?? 'other'));
  // a set of survey reports or estimates alone is dated by them; beside design documents they are older and do not
  const design = typed(['pd_section', 'rd_mark', 'xml_note', 'other']);
  const own = design.length ? design : typed(['survey', 'estimate']);
  const stamped = stampsDate(own);
  if (stamped) return stamped;
  const xmlYear = Number(own.find((d) => d.xml?.year)?.xml?.year);
  if (Number.isInteger(xmlYear) && xmlYear > 1990) return { date: `${xmlYear}-12-31`, source: 'xml_year', text: `ExplanatoryNoteYear ${xmlYear}` };
  let best: DocFacts | null = null;
  for (const d of own) if (d.doc.role === 'review' && d.year !== null && (!best || d.year > best.year!)) best = d;
  if (!best) return null;
  return { date: `${best.year}-12-31`, source: 'title_year', docIndex: best.doc.index, page: 1, text: `${best.year} г.` };
}

/** ГрК РФ ст. 49 ч. 5.2: the set is judged at its ГПЗУ's date when it cites one, else at its own date; null — today. */
export function referenceDateOf(docs: readonly DocFacts[], types: readonly TypedDocument[]): ReferenceDate | null {
  return gpzuDate(docs, types) ?? documentationDate(docs, types);
}
