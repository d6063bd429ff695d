import type { ResultWarning } from '../../kernel/result.ts';
import { normsDateOf } from '../set/reference-date.ts';
import { REGISTRY_VERSION, type NormEntry } from '../data/norms.ts';
import { replacementYear, standingAt, type Standing } from '../norms/in-force.ts';
import type { ReferenceDate } from '../set/types.ts';
import { pageList } from '../text/pages.ts';
import { reviewedCitations, type ReviewedCitation } from './norm-citations.ts';
import { atReferenceDate, referenceDateNote, ruDate } from './reference-date.ts';
import { defineCheck, type FindingDraft } from './types.ts';

const MAX_LISTED = 10;

const statusWord = (e: NormEntry) => (e.status === 'cancelled' ? 'отменён' : 'заменён');
const named = (e: NormEntry) => `${e.cited}${e.title ? ` «${e.title}»` : ''}`;
const registry = `реестр нормативов сервиса, версия ${REGISTRY_VERSION}`;

/** «с 08.04.2021» when the registry dates the change; bounds derived from a designation year are not stated as dates. */
function sinceWords(s: Standing): string {
  const c = s.ceased;
  return c.lo !== null && c.lo === c.hi ? ` с ${ruDate(c.lo)}` : '';
}

/** Out of force at the reference date: the finding as it would be today, stating the date it is judged at. */
function stale(c: ReviewedCitation, s: Standing, rd: ReferenceDate | null): FindingDraft {
  const e = c.citation.entry as NormEntry;
  // a replacement issued after the reference date was not yet applicable: the edition in force then is what was due
  const later = replacementYear(e);
  const replacementLater = rd !== null && later !== null && later > Number(rd.date.slice(0, 4));
  return {
    importance: 'significant',
    about: c.doc,
    essence: `Ссылка на недействующий нормативный документ ${named(e)}: он ${statusWord(e)}${sinceWords(s)}, применять следует ${e.replacement}.`,
    evidence: `${c.quoted} По реестру нормативов сервиса (версия ${REGISTRY_VERSION}) ${e.cited} ${statusWord(e)}${sinceWords(s)}; замена — ${e.replacement}. На дату оценки документ уже не действовал (${referenceDateNote(rd)}).`,
    action: replacementLater
      ? `Заменить ссылку на редакцию, действовавшую ${atReferenceDate(rd!)} (ныне действует ${e.replacement}), и проверить, что принятые решения соответствуют её требованиям.`
      : `Заменить ссылку на ${e.replacement} (в редакции, действующей на дату ГПЗУ или задания на проектирование) и проверить, что принятые решения соответствуют её требованиям.`,
    places: c.places,
    norm: e.replacement,
  };
}

/** In force at the reference date (or possibly so): a note, so the designer can update a set that is still being revised. */
function note(c: ReviewedCitation, s: Standing, rd: ReferenceDate | null): FindingDraft {
  const e = c.citation.entry as NormEntry;
  const when = referenceDateNote(rd);
  const essence =
    s.when === 'after'
      ? rd
        ? `Нормативный документ ${named(e)} действовал на дату оценки, но с тех пор ${statusWord(e)}${sinceWords(s)}: ныне применяется ${e.replacement}.`
        : `Нормативный документ ${named(e)} действует, но ${e.status === 'cancelled' ? 'отменяется' : 'заменяется'}${sinceWords(s)}: далее применяется ${e.replacement}.`
      : `Нормативный документ ${named(e)} ${statusWord(e)} ${e.replacement}${sinceWords(s)}; действовал ли он на дату оценки, реестр сервиса не устанавливает.`;
  const evidence =
    s.when === 'after'
      ? `${c.quoted} Дата оценки: ${when}. По реестру нормативов сервиса (версия ${REGISTRY_VERSION}) ${e.cited} ${statusWord(e)}${sinceWords(s)} — после этой даты; нарушением ссылка не является, это сведения для актуализации.`
      : `${c.quoted} Дата оценки: ${when}. По реестру нормативов сервиса (версия ${REGISTRY_VERSION}) ${e.cited} ${statusWord(e)} ${e.replacement}${sinceWords(s)}; точная дата замены в реестре не указана, поэтому ссылка отмечена как незначительное замечание для сверки, а не как нарушение.`;
  return {
    importance: 'minor',
    about: c.doc,
    essence,
    evidence,
    action:
      s.when === 'after'
        ? `Если документация ещё дорабатывается или будет представлена повторно после изменения норм, привести ссылку к ${e.replacement} и проверить решения по её требованиям; иначе действий не требуется.`
        : `Сверить по ФГИС «Реестр СП» / protect.gost.ru, действовал ли ${e.cited} на дату оценки; если нет — заменить ссылку на редакцию, действовавшую на эту дату.`,
    places: c.places,
    norm: e.replacement,
  };
}

/** Registry entries whose replacement is only claimed or unverified (C/U): never a finding, one warning for the set. */
function unconfirmedWarning(list: ReviewedCitation[], rd: ReferenceDate | null): ResultWarning | null {
  if (list.length === 0) return null;
  const items = list.slice(0, MAX_LISTED).map((c) => {
    const e = c.citation.entry as NormEntry;
    return `«${c.doc.doc.name}» (${pageList(c.citation.pages)}): ${e.cited} — по непроверенным сведениям ${statusWord(e)}, замена — ${e.replacement}`;
  });
  const more = list.length > MAX_LISTED ? `; и ещё ${list.length - MAX_LISTED}` : '';
  const first = list[0]!;
  return {
    code: 'norms_unconfirmed',
    message: `Ссылки на нормативные документы, замена которых официальным реестром не подтверждена (${registry}; ${referenceDateNote(rd)}); замечаниями они не считаются — сверьте статус с ФГИС «Реестр СП» / protect.gost.ru: ${items.join('; ')}${more}.`,
    doc_index: first.doc.doc.index,
    page: first.citation.pages[0] ?? 1,
  };
}

/**
 * N-01: citations of superseded or cancelled norms, judged at the set's reference date (ГрК РФ ст. 49 ч. 5.2). Out of
 * force at that date — a finding (significant: the registry entry is verified); replaced since, or not dated closely
 * enough to tell — a minor note; entries whose replacement is only claimed or unverified (C/U) — a warning, never a finding
 * (none when even the claimed replacement came after the reference date).
 */
export const supersededNorms = defineCheck({
  id: 'norms.superseded',
  theme: 'norms',
  importance: 'significant',
  title: 'Ссылки на нормативные документы, не действовавшие на дату оценки документации',
  find(ctx, report) {
    const unconfirmed: ReviewedCitation[] = [];
    for (const c of reviewedCitations(ctx.docs)) {
      const e = c.citation.entry;
      if (e.status !== 'replaced' && e.status !== 'cancelled') continue;
      // a letter, an answer, an older survey report is judged at its own date, the design at the set's
      const rd = normsDateOf(ctx.set, c.doc.doc.index);
      const s = standingAt(e, rd);
      if (e.ver === 'C' || e.ver === 'U') {
        // in force at the reference date by the claimed date: nothing to say at all
        if (s.when !== 'after') unconfirmed.push(c);
        continue;
      }
      report(s.when === 'before' ? stale(c, s, rd) : note(c, s, rd));
    }
    const warning = unconfirmedWarning(unconfirmed, ctx.set.referenceDate);
    if (warning) report.warning(warning);
  },
});
