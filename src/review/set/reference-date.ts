import type { DocFacts } from '../facts/types.ts';
import { readDate } from './document-date.ts';
import { DOCUMENT_TYPES, type DateRule, type SetDating } from './document-types.ts';
import type { ReferenceDate, SetModel, TypedDocument } from './types.ts';

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
    const own = readDate('gpzu', docs.find((d) => d.doc.index === t.docIndex)!);
    if (own) return own;
  }
  return null;
}

/** The latest of the dates one rule reads from the reviewed documents, with where it was read. */
function latest(docs: readonly DocFacts[], rule: DateRule): ReferenceDate | null {
  let best: ReferenceDate | null = null;
  for (const d of docs) {
    if (d.doc.role !== 'review') continue;
    const date = readDate(rule, d);
    if (date && (!best || date.date > best.date)) best = date;
  }
  return best;
}

/**
 * When the documentation was made: the signature dates of its stamps (the most precise), else the date of making its
 * estimates' forms state (only in a set of estimates: its types list the rule), else the XML note's year, else the latest
 * year on the title pages of reviewed documents, else — their forms stating none — the latest date their files' names
 * carry. A year alone stands for its last day. The design
 * documents date the set; a set without any (survey reports, estimates) is dated by its own documents
 * (DOCUMENT_TYPES' `dating`).
 */
export function documentationDate(docs: readonly DocFacts[], types: readonly TypedDocument[]): ReferenceDate | null {
  const typeOf = (d: DocFacts) => DOCUMENT_TYPES[types.find((x) => x.docIndex === d.doc.index)?.type ?? 'other'];
  const typed = (dating: SetDating) => docs.filter((d) => typeOf(d).dating === dating);
  // a set of survey reports or estimates alone is dated by them; beside design documents they are older and do not
  const design = typed('design');
  const own = design.length ? design : typed('alone');
  const xml = own.find((d) => d.xml?.year);
  const estimates = own.filter((d) => typeOf(d).dates.includes('estimate'));
  return (
    latest(own, 'stamp') ??
    latest(estimates, 'estimate') ??
    (xml ? readDate('xml', xml) : null) ??
    latest(own, 'title_year') ??
    latest(
      own.filter((d) => typeOf(d).dates.includes('file_name')),
      'file_name',
    )
  );
}

/** ГрК РФ ст. 49 ч. 5.2: the set is judged at its ГПЗУ's date when it cites one, else at its own date; null — today. */
export function referenceDateOf(docs: readonly DocFacts[], types: readonly TypedDocument[]): ReferenceDate | null {
  return gpzuDate(docs, types) ?? documentationDate(docs, types);
}

/** The date the norms of one document are judged at, by its type's `normsAt` (DOCUMENT_TYPES); null — today. */
export function normsDateOf(set: Pick<SetModel, 'documents' | 'referenceDate'>, docIndex: number): ReferenceDate | null {
  const t = set.documents.find((x) => x.docIndex === docIndex);
  const own = t?.date ?? null;
  if (!t || !own) return set.referenceDate;
  const rule = DOCUMENT_TYPES[t.type].normsAt;
  const withDesign = set.documents.some((x) => DOCUMENT_TYPES[x.type].normsAt === 'set');
  if (!withDesign || rule === 'own') return own;
  if (rule === 'older') return !set.referenceDate || own.date < set.referenceDate.date ? own : set.referenceDate;
  return set.referenceDate;
}
