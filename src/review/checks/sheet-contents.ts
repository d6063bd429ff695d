/**
 * N-04 / N-06: the volume's own contents («Содержание тома», «Ведомость чертежей», «Ведомость листов графической части»)
 * against the sheets actually present, within the numbering of the volume's parts the list speaks of (a volume may
 * number its text part and its graphic part each from 1; sheets of another set bound in take no part). Boundaries: gaps
 * and repeats in the title blocks' numbering are sheets.numbering_gap's (a listed sheet inside the numbered range that
 * no title block carries is such a gap); references in the running text («см. лист 12») are
 * references.missing_target's. This check reports what only the list shows: listed sheets absent from the volume (one
 * finding for all of them, on the list), a drawing the list leaves out, a drawing listed under another title.
 */
import { typesWhere } from '../set/document-types.ts';
import type { ContentsEntry, ContentsList } from '../facts/types.ts';
import { ownTitle } from '../facts/contents.ts';
import type { DocFacts, StampFacts } from '../facts/types.ts';
import { numberingsOf, volumeOf, type VolumePart, type VolumeStructure } from '../set/volume-parts.ts';
import { fold } from '../text/normalize.ts';
import { quote } from './common.ts';
import { defineCheck, where, type FindingDraft } from './types.ts';

const STOP_WORDS = new Set([
  'и',
  'в',
  'во',
  'на',
  'по',
  'с',
  'со',
  'для',
  'от',
  'до',
  'к',
  'из',
  'под',
  'над',
  'при',
  'а',
  'го',
  'й',
  'ый',
  'ой',
  'ого',
  'ая',
  'л',
  'лист',
]);
const ABBREVIATIONS: Record<string, string> = { эт: 'этаж', отм: 'отметка', сх: 'схема', пл: 'план', тип: 'типовой', разр: 'разрез' };

/** Words of a title for comparison: case, quotes, punctuation, «и», abbreviations and endings do not count. */
export function titleWords(title: string): Set<string> {
  const words = fold(ownTitle(title))
    .split(/[^0-9a-zа-я]+/u)
    .filter((w) => w && !STOP_WORDS.has(w));
  // four letters of a word stand for all its forms («этаж», «этажа», «этажей»)
  return new Set(words.map((w) => ABBREVIATIONS[w] ?? w).map((w) => (/^\d+$/.test(w) ? w : w.slice(0, 4))));
}

/** Titles name the same sheet when one's words are all in the other («Фасад 1-10» and «Фасад в осях 1-10»). */
export function sameTitle(a: string, b: string): boolean {
  const x = titleWords(a);
  const y = titleWords(b);
  if (!x.size || !y.size) return true;
  const within = (p: Set<string>, q: Set<string>) => [...p].every((w) => q.has(w));
  return within(x, y) || within(y, x);
}

interface Problem {
  kind: 'missing' | 'unlisted' | 'title';
  entry: ContentsEntry | null;
  sheet: StampFacts | null;
  /** For a missing sheet: the number listed. */
  number?: number;
}

/** Sheets the list accounts for: its own sheets and ranges, and the span of a «Графическая часть» entry up to the next one. */
function covered(entries: readonly ContentsEntry[], last: number): Set<number> {
  const out = new Set<number>();
  entries.forEach((e, i) => {
    const next = entries.slice(i + 1).find((o) => o.from > e.from)?.from ?? last + 1;
    const to = e.range ? e.to : e.group === 'drawings' ? next - 1 : e.from;
    for (let n = e.from; n <= Math.min(to, e.from + 500); n++) out.add(n);
  });
  return out;
}

/** What disagrees between the list and the sheets when the list's numbers are shifted by `offset`. */
function compare(list: ContentsList, bySheet: Map<number, StampFacts>, d: DocFacts, offset: number): Problem[] {
  const problems: Problem[] = [];
  const nums = [...bySheet.keys()];
  const max = Math.max(...nums);
  // pages after the last title block read may be sheets whose title block was not read: nothing is called absent then
  const lastStamped = Math.max(...d.stamps.map((s) => s.docPage));
  const entries = list.entries.map((e) => ({ ...e, from: e.from + offset, to: e.to + offset }));
  for (const e of entries) {
    for (const n of new Set([e.from, e.to])) {
      // a number inside the numbered range without its title block is a gap (sheets.numbering_gap)
      if (bySheet.has(n) || n <= max || lastStamped < d.pagesTotal) continue;
      problems.push({ kind: 'missing', entry: e, sheet: null, number: n });
    }
  }
  const listed = covered(entries, max);
  for (const s of bySheet.values()) {
    if (s.sheetTitle && !listed.has(s.sheet!)) problems.push({ kind: 'unlisted', entry: null, sheet: s });
  }
  for (const e of entries) {
    if (e.range || e.group) continue;
    const s = bySheet.get(e.from);
    // a title OCR recognised is not the designer's wording: its number is compared, its words are not
    if (s?.sheetTitle && !s.recognised && !sameTitle(e.title, s.sheetTitle)) problems.push({ kind: 'title', entry: e, sheet: s });
  }
  return problems;
}

/** Every number of the shifted list is a sheet of the document, and nothing else disagrees. */
function fitsShifted(list: ContentsList, bySheet: Map<number, StampFacts>, d: DocFacts, offset: number): boolean {
  const all = list.entries.every((e) => bySheet.has(e.from + offset) && bySheet.has(e.to + offset));
  return all && compare(list, bySheet, d, offset).length === 0;
}

/** Sheets by number, or null when the title blocks do not number them one way (repeats, gaps, too few). */
function sheetsOf(stamps: readonly StampFacts[]): Map<number, StampFacts> | null {
  const by = new Map<number, StampFacts>();
  for (const s of stamps) {
    if (s.sheet === null) continue;
    if (by.has(s.sheet)) return null; // repeated numbers: a numbering fault, nothing to rely on
    by.set(s.sheet, s);
  }
  if (by.size < 2) return null;
  // a gap in the numbering is sheets.numbering_gap's finding; the list compared with shifted numbers would repeat it
  const nums = [...by.keys()];
  return Math.max(...nums) - Math.min(...nums) + 1 === by.size ? by : null;
}

/**
 * The numbering of the volume's parts the list speaks of: a drawing register's is the graphic part's; else the one
 * holding most of its numbers and titles. Null when that numbering is broken (sheets.numbering_gap's) or two
 * numberings fit the list equally and nothing tells which.
 */
function numberingOfList(list: ContentsList, d: DocFacts, volumes: readonly VolumeStructure[] | undefined): ListNumbering | null {
  const numberings = numberingsOf(volumeOf(volumes, d));
  const candidates = numberings.map((parts) => {
    const stamps = parts.flatMap((p) => p.stamps);
    const byNumber = new Map(stamps.flatMap((s) => (s.sheet === null ? [] : [[s.sheet, s] as const])));
    // a listed number present counts; its sheet's title agreeing with the row counts again
    const score = list.entries.reduce((sum, e) => {
      const s = byNumber.get(e.from);
      return sum + (s ? 1 : 0) + (s?.sheetTitle && sameTitle(e.title, s.sheetTitle) ? 1 : 0);
    }, 0);
    const drawings = list.kind === 'drawings' && score > 0 && parts.some((p) => p.kind === 'drawings');
    return { parts, stamps, score, drawings };
  });
  candidates.sort((a, b) => Number(b.drawings) - Number(a.drawings) || b.score - a.score);
  const [best, second] = candidates;
  if (!best) return null;
  if (second && second.score === best.score && second.drawings === best.drawings) return null;
  const bySheet = sheetsOf(best.stamps);
  return bySheet ? { parts: best.parts, bySheet, several: numberings.length > 1 } : null;
}

interface ListNumbering {
  parts: VolumePart[];
  bySheet: Map<number, StampFacts>;
  /** The volume has more numberings than this one (its text part and graphic part each from 1). */
  several: boolean;
}

export const sheetContents = defineCheck({
  id: 'sheets.contents_mismatch',
  theme: 'norms',
  importance: 'significant',
  title: 'Содержание тома (ведомость чертежей) соответствует листам тома: все указанные листы есть, номера и наименования совпадают',
  appliesTo: typesWhere((t) => t.sheets),
  find(ctx, report) {
    for (const d of ctx.docs) {
      const list = d.contents;
      if (d.doc.role !== 'review' || !list?.confident) continue;
      const numbering = numberingOfList(list, d, ctx.set.volumes);
      if (!numbering) continue;
      const { bySheet } = numbering;
      const problems = compare(list, bySheet, d, 0);
      if (!problems.length) continue;
      // a list numbered by pages (the title page counted) fits exactly once shifted: nothing to report
      if ([-1, 1].some((o) => fitsShifted(list, bySheet, d, o))) continue;
      // listed sheets past the last one: the list is read right when the sheets it names up to there are present
      const absent = problems.filter((p) => p.kind === 'missing');
      const present = list.entries.filter((e) => bySheet.has(e.from)).length;
      const absentRows = new Set(absent.map((p) => p.entry)).size;
      if (absent.length && present >= Math.min(2, list.entries.length - absentRows)) report(absentFinding(d, list, numbering, absent));
      // a list that disagrees with most sheets is read or numbered otherwise than we think: no accusation
      const others = problems.filter((p) => p.kind !== 'missing');
      if (others.length > Math.max(1, list.entries.length / 2)) continue;
      for (const p of others) report(finding(d, list, p));
    }
  },
});

const listName = (list: ContentsList) => (list.kind === 'volume' ? '«Содержание тома»' : `«${list.heading.replace(/\s*\(.*$/, '')}»`);

/** One finding on the list for every listed sheet the volume does not hold. */
function absentFinding(d: DocFacts, list: ContentsList, numbering: ListNumbering, absent: readonly Problem[]): FindingDraft {
  const name = listName(list);
  const numbers = [...new Set(absent.map((p) => p.number!))].sort((a, b) => a - b);
  const rows = [...new Set(absent.map((p) => p.entry!))];
  const last = Math.max(...numbering.bySheet.keys());
  const lastSheet = numbering.bySheet.get(last)!;
  const part = numbering.several && numbering.parts.every((p) => p.kind === 'drawings') ? ' графической части' : '';
  const listPages = [...new Set(rows.map((e) => e.docPage))];
  const one = numbers.length === 1;
  return {
    about: d,
    importance: 'significant',
    essence: `В ${name} документа «${d.doc.name}» ${one ? `указан лист ${numbers[0]}, которого` : `указаны листы ${numbers.join(', ')}, которых`} в документе нет (последний лист${part} по основным надписям — ${last}).`,
    evidence: `${rows.map((e) => `${where({ doc: d, page: e.docPage })}, ${name}: ${quote(e.raw)}`).join('.\n')}.\nПоследний лист${part} документа: ${stampQuote(d, lastSheet)}.`,
    action: `Добавить ${one ? `недостающий лист ${numbers[0]}` : `недостающие листы ${numbers.join(', ')}`} либо исключить ${one ? 'его' : 'их'} из ${name} и исправить номера листов в ${name}.`,
    places: listPages.map((page) => ({ doc: d, page })),
  };
}

const stampQuote = (d: DocFacts, s: StampFacts) =>
  `${where({ doc: d, page: s.docPage })}, основная надпись: «Лист ${s.sheet}»${s.sheetTitle ? `, наименование листа ${quote(s.sheetTitle)}` : ''}`;

function finding(d: DocFacts, list: ContentsList, p: Problem): FindingDraft {
  const name = listName(list);
  const base = { about: d } as const;
  const listPlace = { doc: d, page: p.entry?.docPage ?? list.docPage };
  const entryQuote = p.entry ? `${where(listPlace)}, ${name}: ${quote(p.entry.raw)}` : '';
  const s = p.sheet!;
  if (p.kind === 'unlisted') {
    return {
      ...base,
      importance: 'significant',
      essence: `Лист ${s.sheet} ${quote(s.sheetTitle!)} документа «${d.doc.name}» не указан в ${name}.`,
      evidence: `${stampQuote(d, s)}. ${name} (${where({ doc: d, page: list.docPage })}) перечисляет листы ${list.entries.map((e) => (e.range ? `${e.from}–${e.to}` : e.from)).join(', ')}; листа ${s.sheet} среди них нет.`,
      action: `Включить лист ${s.sheet} в ${name} либо исключить лишний лист из документа.`,
      places: [
        { doc: d, page: s.docPage },
        { doc: d, page: list.docPage },
      ],
    };
  }
  return {
    ...base,
    importance: 'minor',
    essence: `Наименование листа ${s.sheet} в ${name} документа «${d.doc.name}» не совпадает с наименованием в основной надписи листа.`,
    evidence: `${entryQuote}.\n${stampQuote(d, s)}.`,
    action: `Привести наименование листа ${s.sheet} в ${name} и в основной надписи к одному.`,
    places: [{ doc: d, page: s.docPage }, listPlace],
  };
}
