import type { Importance } from '../../kernel/result.ts';
import { adoptedAct, type AdoptedAct } from '../data/acts.ts';
import type { DatedMention } from '../facts/dated-mentions.ts';
import { isoDate, ruDateParts } from '../facts/gpzu-citation.ts';
import type { DocFacts } from '../facts/types.ts';
import { stampMonth } from '../set/document-date.ts';
import { pageList } from '../text/pages.ts';
import { ruDate } from './reference-date.ts';
import { defineCheck, where, type CheckContext, type FindingDraft, type Place } from './types.ts';

/**
 * Why a date cannot be right, strongest first: a year before 1900 (a typo such as «0024»), a law or decree cited with a
 * date that is not its own, a date after the day of the review, a cited document dated after the citing document itself.
 */
type Cause = 'year' | 'act' | 'future' | 'after_own';

const IMPORTANCE: Record<Cause, Importance> = { year: 'minor', act: 'significant', future: 'significant', after_own: 'minor' };

interface Occurrence {
  doc: DocFacts;
  page: number;
  cause: Cause;
  raw: string;
  year: number;
  text: string;
  act?: AdoptedAct;
  /** The citing document's own date the cited one is later than (after_own). */
  own?: OwnDate;
}

interface OwnDate {
  iso: string;
  text: string;
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The document's own date as the set model read it from its form (a date not yet come is no date of its own), for
 * telling a citation later than the document.
 */
function ownDate(ctx: CheckContext, d: DocFacts, now: string): OwnDate | null {
  const r = ctx.set.documents.find((t) => t.docIndex === d.doc.index)?.date;
  // a ГПЗУ's pages carry the dates of its preparation, signing and registration around its date of issue
  if (!r || r.date > now || r.source === 'gpzu_document') return null;
  const text = r.source === 'title_year' ? `${r.text} (титульный лист)` : r.source === 'file_name' ? `${r.text} (имя файла)` : r.text;
  return { iso: r.date, text };
}

/** Why the date of a mention is implausible, or null. `act` only for a mention naming a law or decree by number. */
function causeOf(m: Pick<DatedMention, 'day' | 'month' | 'year' | 'act'>, own: OwnDate | null, now: string): { cause: Cause; act?: AdoptedAct } | null {
  if (m.year < 1900) return { cause: 'year' };
  const iso = isoDate(m);
  const act = m.act ? adoptedAct(m.act.kind, m.act.number, m.act.issuer) : undefined;
  // the number alone may be another act of that number (numbers restart every year): its title must stand beside it
  if (act && m.act && act.title.test(m.act.context) && iso !== act.date) return { cause: 'act', act };
  if (iso > now) return { cause: 'future' };
  if (own && iso > own.iso) return { cause: 'after_own' };
  return null;
}

/** The year probably meant by a year before 1900: «0024» → 2024, «0202» → 2020? is not guessed. */
function meantYear(year: number, now: string): number | null {
  const y = 2000 + year;
  return year < 100 && y <= Number(now.slice(0, 4)) + 1 ? y : null;
}

function occurrences(ctx: CheckContext, now: string): Occurrence[] {
  const out: Occurrence[] = [];
  for (const d of ctx.docs) {
    // the documents a design assignment lists, dated after it, are assignment.document's: the cause is the assignment's date
    const own = ctx.set.documents.find((t) => t.docIndex === d.doc.index)?.type === 'design_task' ? null : ownDate(ctx, d, now);
    for (const m of d.datedMentions) {
      const c = causeOf(m, own, now);
      if (c) out.push({ doc: d, page: m.docPage, cause: c.cause, raw: m.raw, year: m.year, text: m.snippet, act: c.act, own: own ?? undefined });
    }
    // signature dates are the document's own: only a typed year or a date not yet come
    for (const st of d.stamps)
      for (const raw of st.dates ?? []) {
        const full = ruDateParts(raw);
        const month = full ? null : stampMonth(raw);
        const year = full?.year ?? month?.year;
        if (year === undefined) continue;
        const future = full ? year >= 1900 && isoDate(full) > now : year > Number(now.slice(0, 4));
        const cause: Cause | null = year < 1900 ? 'year' : future ? 'future' : null;
        if (cause) out.push({ doc: d, page: st.docPage, cause, raw, year, text: `основная надпись, дата подписи «${raw}»` });
      }
  }
  // the XML note's own dates (its year, the documents it lists) are judged by xml.explanatory_note_content; the dates its
  // free texts cite are datedMentions of its one page, read as a text page's are
  return out;
}

function actLabel(a: AdoptedAct): string {
  return a.kind === 'ФЗ' ? `№ ${a.number}-ФЗ` : `№ ${a.number}`;
}

function finding(group: Occurrence[], now: string): FindingDraft {
  const o = group[0]!;
  const places: Place[] = [...new Map(group.map((g) => [g.page, { doc: g.doc, page: g.page }])).values()].sort((a, b) => a.page - b.page);
  const pages = places.length > 1 ? ` (${pageList(places.map((p) => p.page))})` : '';
  const quoted = `${where(places[0]!)}: «${o.text}»${places.length > 1 ? `; так же на ${pageList(places.slice(1).map((p) => p.page))}` : ''}.`;
  // a ministry's order names a method the designer follows, not the legal basis of the documentation: its date mistyped is minor
  const importance = o.cause === 'act' && o.act?.kind === 'ПРИКАЗ' ? 'minor' : IMPORTANCE[o.cause];
  const base = { importance, about: o.doc, places };
  switch (o.cause) {
    case 'year': {
      const meant = meantYear(o.year, now);
      return {
        ...base,
        essence: `В дате «${o.raw}» указан год ${String(o.year).padStart(4, '0')} — опечатка${meant ? `, вероятно, имелся в виду ${meant} год` : ' в годе'}${pages}.`,
        evidence: `${quoted} Год ранее 1900 не может относиться к документации или к документам, на которые она ссылается.`,
        action: 'Исправить год в дате.',
      };
    }
    case 'act': {
      const a = o.act!;
      return {
        ...base,
        essence: `${a.name} (${actLabel(a)}) указан с датой ${o.raw}, а ${a.kind === 'ПРИКАЗ' ? 'издан' : 'принят'} ${ruDate(a.date)}${pages}.`,
        evidence: `${quoted} ${a.name} ${actLabel(a)} ${a.kind === 'ПРИКАЗ' ? 'издан' : 'принят'} ${ruDate(a.date)} (реестр актов сервиса: ${a.src}); акта с этим номером, названием и датой ${o.raw} нет.`,
        action: `Исправить ссылку: «от ${ruDate(a.date)} ${actLabel(a)}».`,
        norm: `${a.name} от ${ruDate(a.date)} ${actLabel(a)}`,
      };
    }
    case 'future':
      return {
        ...base,
        essence: `Дата «${o.raw}» ещё не наступила: проверка выполнена ${ruDate(now)}${pages}.`,
        evidence: `${quoted} Дата позже дня проверки — вероятно, опечатка в дате.`,
        action: 'Проверить и исправить дату.',
      };
    case 'after_own': {
      const cited = [...new Set(group.map((g) => g.raw))];
      return {
        ...base,
        essence: `Документ ссылается на ${cited.length > 1 ? `документы от ${listRu(cited)}` : `документ от ${o.raw}`}, а сам датирован раньше (${o.own!.text})${pages}.`,
        evidence: `${quoted} Дата документа — ${ruDate(o.own!.iso)} (${o.own!.text}); документ, на который он ссылается, датирован позже — вероятно, опечатка в дате ссылки или в дате документа.`,
        action: 'Сверить дату ссылки с самим документом и с датой подписи тома; исправить ошибочную.',
      };
    }
  }
}

/** «08.07.25, 20.05.2022 и 25.11.2021». */
const listRu = (xs: string[]) => `${xs.slice(0, -1).join(', ')} и ${xs.at(-1)}`;

/** Dates in the text, the stamps and the XML note that cannot be right, one finding per cause and date per document. */
export function implausibleDateFindings(ctx: CheckContext, now = today()): FindingDraft[] {
  const groups = new Map<string, Occurrence[]>();
  for (const o of occurrences(ctx, now)) {
    // documents cited with dates later than their citer's own: one cause, the citer's date, so one finding per document
    const key = o.cause === 'after_own' ? `${o.doc.doc.index}|${o.cause}` : `${o.doc.doc.index}|${o.cause}|${o.act?.number ?? ''}|${o.raw}`;
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  return [...groups.values()].map((g) => finding(g, now));
}

/** Implausible dates: a typed year before 1900, a law or decree with a date not its own, a date not yet come, a citation later than its document. */
export const implausibleDates = defineCheck({
  id: 'dates.implausible',
  theme: 'unassigned',
  importance: 'significant',
  title: 'Неправдоподобные даты: дата закона или постановления не его, дата позже дня проверки или позже даты самого документа, год до 1900',
  find(ctx, report) {
    for (const f of implausibleDateFindings(ctx)) report(f);
  },
});
