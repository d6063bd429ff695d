import type { ResultWarning } from '../../kernel/result.ts';
import { normsDateOf } from '../set/reference-date.ts';
import { REGISTRY_VERSION, type NormEntry } from '../data/norms.ts';
import { adoptedAct, type ActAmendment, type AdoptedAct } from '../data/acts.ts';
import { isoDate } from '../facts/gpzu-citation.ts';
import { earliestDay, replacementYear, standingAt, type Standing } from '../norms/in-force.ts';
import type { ReferenceDate } from '../set/types.ts';
import { pageList } from '../text/pages.ts';
import { reviewedCitations, type ReviewedCitation } from './norm-citations.ts';
import { atReferenceDate, referenceDateNote, ruDate } from './reference-date.ts';
import { defineCheck, type CheckContext, type FindingDraft } from './types.ts';
import type { DocFacts } from '../facts/types.ts';

const MAX_LISTED = 10;

const statusWord = (e: NormEntry) => (e.status === 'cancelled' ? 'отменён' : 'заменён');
const named = (e: NormEntry) => `${e.cited}${e.title ? ` «${e.title}»` : ''}`;
const registry = `реестр нормативов сервиса, версия ${REGISTRY_VERSION}`;

/** «с 08.04.2021» when the registry dates the change; bounds derived from a designation year are not stated as dates. */
function sinceWords(s: Standing): string {
  const c = s.ceased;
  return c.lo !== null && c.lo === c.hi ? ` с ${ruDate(c.lo)}` : '';
}

/**
 * What the registry knows of the date, for the evidence: the replacement's own entry into force when that is the bound,
 * else that no date is recorded and the bound is the replacement's designation year.
 */
function dateBasis(e: NormEntry, s: Standing): string {
  const c = s.ceased;
  if (c.lo !== null && c.lo === c.hi) return '';
  if (e.since && e.sinceLatest) return ` Источники реестра расходятся в дате замены: ${ruDate(e.since)} или ${ruDate(e.sinceLatest)}.`;
  if (c.boundBy && c.hi !== null)
    return ` Дата, с которой ${e.cited} не действует, в реестре не указана; первая редакция заменившей его серии, ${c.boundBy}, ${c.replacementInForce ? `введена в действие с ${ruDate(c.hi)} (по её предисловию)` : `по году обозначения введена не позднее ${ruDate(c.hi)}`}.`;
  if (c.replacementInForce) return ` ${c.replacementInForce.designation} введён в действие с ${ruDate(c.replacementInForce.inForce)} (по его предисловию).`;
  if (c.fromYear !== null && c.hi !== null)
    return ` Дата введения замены в реестре не указана; по году обозначения (${c.fromYear}) она введена не позднее ${ruDate(c.hi)}.`;
  return ` Дата, с которой ${e.cited} не действует, в реестре не указана.`;
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
    evidence: `${c.quoted} По реестру нормативов сервиса (версия ${REGISTRY_VERSION}) ${e.cited} ${statusWord(e)}${sinceWords(s)}; замена — ${e.replacement}.${dateBasis(e, s)} На дату оценки документ уже не действовал (${referenceDateNote(rd)}).`,
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
      : `${c.quoted} Дата оценки: ${when}. По реестру нормативов сервиса (версия ${REGISTRY_VERSION}) ${e.cited} ${statusWord(e)} ${e.replacement}${sinceWords(s)}; точная дата замены в реестре не указана${dateBasis(
          e,
          s,
        )
          .replace(/^ Дата введения замены в реестре не указана;/, ' (дата введения замены не указана;')
          .replace(/\.$/, ')')}, поэтому ссылка отмечена как незначительное замечание для сверки, а не как нарушение.`;
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

const today = () => new Date().toISOString().slice(0, 10);

/**
 * «ППРФ №87 от 16.02.2008 (редакция от 21.12.2020г)»: an edition of an act cited as older than an amendment already in force
 * at the document's date (the acts registry's verified amendments) — the wording cited was not the one in force. One
 * finding per document, act and edition cited, naming the latest such amendment.
 */
function outdatedEditions(ctx: CheckContext): FindingDraft[] {
  const groups = new Map<
    string,
    { doc: DocFacts; act: AdoptedAct; amendment: ActAmendment; edition: string; pages: number[]; snippet: string; at: ReferenceDate | null }
  >();
  for (const doc of ctx.docs) {
    if (doc.doc.role !== 'review') continue;
    const at = dateOfDocumentForNorms(ctx, doc);
    const day = at ? earliestDay(at) : today();
    for (const m of doc.datedMentions) {
      if (!m.act || !m.edition) continue;
      const act = adoptedAct(m.act.kind, m.act.number, m.act.issuer);
      // the number alone may be another act: its own date or its title must stand beside it
      if (!act?.amendments || (isoDate(m) !== act.date && !act.title.test(m.act.context))) continue;
      const due = act.amendments
        .filter((a) => a.date > m.edition!.date && a.inForce <= day)
        .sort((a, b) => a.inForce.localeCompare(b.inForce))
        .at(-1);
      if (!due) continue;
      const key = `${doc.doc.index}|${act.kind}|${act.number}|${m.edition.date}`;
      const g = groups.get(key) ?? { doc, act, amendment: due, edition: m.edition.raw, pages: [], snippet: m.snippet, at };
      if (!g.pages.includes(m.docPage)) g.pages.push(m.docPage);
      groups.set(key, g);
    }
  }
  return [...groups.values()].map((g) => {
    const label = g.act.kind === 'ФЗ' ? `№ ${g.act.number}-ФЗ` : `№ ${g.act.number}`;
    return {
      importance: 'minor',
      about: g.doc,
      essence: `В ссылке на ${g.act.name} (${label}) указана редакция от ${g.edition}, устаревшая на дату оценки: с ${ruDate(g.amendment.inForce)} действует редакция с изменениями, внесёнными ${g.amendment.act} (${g.amendment.changed}).`,
      evidence: `В документе «${g.doc.doc.name}» (${pageList(g.pages)}) указано: ${g.snippet}. По реестру актов сервиса ${g.amendment.act} вступило в силу ${ruDate(g.amendment.inForce)} (${g.amendment.src}); на дату оценки (${referenceDateNote(g.at)}) редакция от ${g.edition} уже не действовала.`,
      action: `Указать редакцию, действующую на дату документации (с изменениями, внесёнными ${g.amendment.act}), и сверить ссылки на пункты — их нумерация могла измениться.`,
      places: g.pages.slice(0, 5).map((page) => ({ doc: g.doc, page })),
      norm: `${g.act.name} в редакции ${g.amendment.act}`,
    };
  });
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
 * The date a document's norm citations are judged at: by its type's rule (`normsDateOf`, set/document-types.ts) its own
 * date or the set's reference date (ГрК РФ ст. 49 ч. 5.2). The one place a document's date enters the norm checks.
 */
export function dateOfDocumentForNorms(ctx: CheckContext, doc: DocFacts): ReferenceDate | null {
  return normsDateOf(ctx.set, doc.doc.index);
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
      const at = dateOfDocumentForNorms(ctx, c.doc);
      const s = standingAt(e, at);
      if (e.ver === 'C' || e.ver === 'U') {
        // in force at the reference date by the claimed date: nothing to say at all
        if (s.when !== 'after') unconfirmed.push(c);
        continue;
      }
      report(s.when === 'before' ? stale(c, s, at) : note(c, s, at));
    }
    for (const f of outdatedEditions(ctx)) report(f);
    const warning = unconfirmedWarning(unconfirmed, ctx.set.referenceDate);
    if (warning) report.warning(warning);
  },
});
