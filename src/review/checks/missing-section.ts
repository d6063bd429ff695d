import { DOCSET_ITEMS } from '../../kernel/docset.ts';
import { OLD_EDITION_TITLES, oldEditionCode } from '../data/docset-2008.ts';
import { cipherKey } from '../facts/cipher.ts';
import { registerListing } from '../set/rd-register.ts';
import { defineCheck, where, type Check, type CheckContext, type CheckOutput, type DraftFinding } from './types.ts';
import { quote } from './common.ts';

const NORM_NEW = 'Положение о составе разделов проектной документации (ПП РФ от 16.02.2008 № 87, ред. ПП № 963)';
const NORM_OLD =
  'Положение о составе разделов проектной документации (ПП РФ от 16.02.2008 № 87 в редакции до ПП № 963 — для документации, разработанной до 01.09.2022)';
const NOT_CHECKED = 'composition_not_checked';

const notChecked = (message: string): Partial<CheckOutput> => ({ warnings: [{ code: NOT_CHECKED, message: `Состав комплекта не проверялся: ${message}` }] });

/** Sections the set has, under both editions' codes (ТХ is ИОС7 of the old one), estimates making СМ present. */
function presentSections(ctx: CheckContext): Set<string> {
  const out = new Set<string>();
  for (const t of ctx.set.documents) {
    if (t.type === 'estimate') out.add('СМ');
    if ((t.type !== 'pd_section' && t.type !== 'xml_note') || !t.code) continue;
    out.add(t.code);
    if (t.code === 'ТХ') out.add('ИОС7');
    if (t.code === 'ИОС7') out.add('ТХ');
    if (t.code === 'ПОД') out.add('ПОС');
  }
  return out;
}

/** A set that shows itself whole: an XML note, or the explanatory note with two more sections, or four sections. */
function looksWhole(ctx: CheckContext, present: Set<string>): boolean {
  if (ctx.xml) return true;
  return (present.has('ПЗ') && present.size >= 3) || present.size >= 4;
}

/** ПД: the required sections of the profile by the edition in force for the set, as one finding naming them all. */
function pdComposition(ctx: CheckContext, self: Check): Partial<CheckOutput> {
  const present = presentSections(ctx);
  const list = [...present].sort((a, b) => a.localeCompare(b, 'ru')).join(', ') || 'нет распознанных разделов';
  if (ctx.set.singleVolume) return notChecked(`загружен один том (${list}), а не комплект; отсутствие остальных разделов не считается замечанием.`);
  if (!looksWhole(ctx, present)) return notChecked(`в комплекте только разделы ${list} — похоже, загружена часть комплекта.`);
  const old = ctx.set.edition === 'before_2022_09_01';
  const notDeveloped = new Set((ctx.xml?.facts.sections ?? []).filter((s) => s.notDeveloped).map((s) => s.code));
  const listedInXml = new Map((ctx.xml?.facts.sections ?? []).filter((s) => s.documents.length).map((s) => [s.code, s.documents]));
  const missing: { code: string; title: string; xml: string }[] = [];
  for (const item of ctx.input.profile) {
    if (!item.required || notDeveloped.has(item.code)) continue;
    const code = old ? oldEditionCode(item.code) : item.code;
    if (!code || present.has(code) || present.has(item.code)) continue;
    const title = old ? OLD_EDITION_TITLES[code]! : (DOCSET_ITEMS.find((i) => i.code === item.code)?.title ?? item.title);
    const docs = listedInXml.get(item.code);
    missing.push({
      code,
      title,
      xml: docs ? `${code}: в XML ПЗ указан с документами (${docs.map((d) => d.number || d.name).join(', ')}), но их файлов в комплекте нет` : '',
    });
  }
  if (!missing.length) return {};
  const one = missing.length === 1;
  const named = missing.map((m) => `${m.code} — ${m.title}`).join('; ');
  const codes = missing.map((m) => m.code).join(', ');
  const xmlNotes = missing.map((m) => m.xml).filter(Boolean);
  const xmlNote = xmlNotes.length
    ? ` ${xmlNotes.join('; ')}.`
    : ctx.xml
      ? ` В XML пояснительной записке ${one ? 'раздел не отмечен' : 'эти разделы не отмечены'} как «Раздел не разрабатывался».`
      : '';
  const edition = old ? 'в редакции состава до 01.09.2022 (ПП № 87 до ПП № 963)' : 'в редакции состава с 01.09.2022 (ПП № 963)';
  const finding: DraftFinding = {
    checkId: self.id,
    importance: self.importance,
    theme: self.theme,
    about: null,
    essence: one ? `В комплекте отсутствует обязательный раздел ${named}.` : `В комплекте отсутствуют обязательные разделы (${missing.length}): ${named}.`,
    evidence: `${one ? 'Раздел обязателен' : 'Разделы обязательны'} в профиле организации; состав проверен ${edition} — ${ctx.set.editionBasis ?? ''}. В комплекте ${ctx.docs.length} док.; найдены разделы: ${list}. Документов разделов ${codes} нет ни по указанному виду, ни по титульному листу и шифру.${xmlNote}`,
    action: `Добавить в комплект ${one ? `раздел ${codes}` : `разделы ${codes}`} либо, если ${one ? 'он не разрабатывался' : 'какие-то из них не разрабатывались'}, отметить это в XML пояснительной записке (элемент NotDeveloped «Раздел не разрабатывался») с обоснованием.`,
    places: [],
    norm: old ? NORM_OLD : NORM_NEW,
  };
  return { findings: [finding] };
}

/** РД: комплекты the set's own register lists but the set does not hold (ПП № 87 does not govern working documentation). */
function rdComposition(ctx: CheckContext, self: Check): Partial<CheckOutput> {
  const listing = ctx.docs.map((d) => registerListing(d, ctx.setBase)).find((l) => l !== null);
  if (!listing)
    return notChecked(
      'комплект принят как рабочая документация; состав разделов по ПП № 87 к ней не применяется, а ведомости основных комплектов рабочих чертежей в комплекте не найдено.',
    );
  const held = new Set(ctx.docs.flatMap((d) => [d.cipher?.cipher, ...d.stamps.map((s) => s.cipher)].filter((c): c is string => !!c).map(cipherKey)));
  const absent = listing.ciphers.filter((c) => !held.has(cipherKey(c.cipher)));
  if (!absent.length) return {};
  const page = listing.doc.headCiphers.find((c) => cipherKey(c.cipher) === cipherKey(absent[0]!.cipher))?.docPage ?? 1;
  const place = { doc: listing.doc, page };
  return {
    findings: [
      {
        checkId: self.id,
        importance: 'significant',
        theme: self.theme,
        about: null,
        essence: `В комплекте нет ${absent.length === 1 ? 'комплекта' : 'комплектов'} рабочей документации, указанных в ведомости: ${absent.map((c) => `${c.cipher} (марка ${c.mark})`).join(', ')}.`,
        evidence: `${where(place)}: ${quote(listing.heading)} перечисляет ${listing.ciphers.map((c) => c.cipher).join(', ')}; в комплекте нет документов с шифрами ${absent.map((c) => c.cipher).join(', ')}.`,
        action: 'Добавить в комплект недостающие комплекты рабочих чертежей либо исправить ведомость основных комплектов.',
        places: [place],
        norm: 'ГОСТ Р 21.101-2020 СПДС. Основные требования к проектной и рабочей документации',
      },
    ],
  };
}

/** U-01: the composition of the set by what the set is (set model): ПД by its edition, РД by its own register. */
export const missingSection = defineCheck({
  id: 'completeness.missing_section',
  theme: 'unassigned',
  importance: 'critical',
  title: 'Обязательные разделы профиля (по редакции состава для даты комплекта) или комплекты РД из ведомости отсутствуют в комплекте',
  run(ctx) {
    switch (ctx.set.stage) {
      case 'П':
      case 'mixed':
        return pdComposition(ctx, this);
      case 'Р':
        return rdComposition(ctx, this);
      case 'survey':
        return notChecked('в комплекте только материалы инженерных изысканий; состав разделов проектной документации к ним не применяется.');
      default:
        return notChecked(
          ctx.set.documents.some((t) => t.type === 'estimate')
            ? 'в комплекте только сметная документация.'
            : 'не распознано ни одного раздела проектной или рабочей документации.',
        );
    }
  },
});
