import { DOCSET_ITEMS } from '../../kernel/docset.ts';
import { OLD_EDITION_TITLES } from '../data/docset-2008.ts';
import { cipherKey } from '../facts/cipher.ts';
import { presentSections } from '../set/completeness.ts';
import { registerListing } from '../set/rd-register.ts';
import { defineCheck, where, type CheckContext, type Report } from './types.ts';
import { quote } from './common.ts';

const NORM_NEW = 'Положение о составе разделов проектной документации (ПП РФ от 16.02.2008 № 87, ред. ПП № 963)';
const NORM_OLD =
  'Положение о составе разделов проектной документации (ПП РФ от 16.02.2008 № 87 в редакции до ПП № 963 — для документации, разработанной до 01.09.2022)';
const NOT_CHECKED = 'composition_not_checked';

const notChecked = (report: Report, message: string) => report.warning({ code: NOT_CHECKED, message: `Состав комплекта не проверялся: ${message}` });

/** A part of the set (set model): one warning naming what the upload lacks, and no finding. */
function partialUpload(ctx: CheckContext, report: Report): void {
  const { basis, absent } = ctx.set.completeness;
  const lacks = absent.length ? ` Не загружены: ${absent.slice(0, 20).join(', ')}${absent.length > 20 ? ' и др.' : ''}.` : '';
  notChecked(report, `похоже, загружена часть комплекта — ${basis}.${lacks} Отсутствие этих разделов и файлов замечанием не считается.`);
}

/** ПД: the required sections of the profile by the edition in force for the set, as one finding naming them all. */
function pdComposition(ctx: CheckContext, report: Report): void {
  if (ctx.set.completeness.kind === 'partial') return partialUpload(ctx, report);
  const present = presentSections(ctx.set.documents);
  const list = [...present].sort((a, b) => a.localeCompare(b, 'ru')).join(', ') || 'нет распознанных разделов';
  const old = ctx.set.edition === 'before_2022_09_01';
  const missing = ctx.set.completeness.absent.map((code) => ({
    code,
    title: old
      ? OLD_EDITION_TITLES[code]!
      : (DOCSET_ITEMS.find((i) => i.code === code)?.title ?? ctx.input.profile.find((i) => i.code === code)?.title ?? code),
  }));
  if (!missing.length) return;
  const one = missing.length === 1;
  const named = missing.map((m) => `${m.code} — ${m.title}`).join('; ');
  const codes = missing.map((m) => m.code).join(', ');
  const xmlNote = ctx.xml ? ` В XML пояснительной записке ${one ? 'раздел не отмечен' : 'эти разделы не отмечены'} как «Раздел не разрабатывался».` : '';
  const edition = old ? 'в редакции состава до 01.09.2022 (ПП № 87 до ПП № 963)' : 'в редакции состава с 01.09.2022 (ПП № 963)';
  report({
    about: null,
    essence: one ? `В комплекте отсутствует обязательный раздел ${named}.` : `В комплекте отсутствуют обязательные разделы (${missing.length}): ${named}.`,
    evidence: `${one ? 'Раздел обязателен' : 'Разделы обязательны'} в профиле организации; состав проверен ${edition} — ${ctx.set.editionBasis ?? ''}. Комплект принят как полный: ${ctx.set.completeness.basis}. В комплекте ${ctx.docs.length} док.; найдены разделы: ${list}. Документов разделов ${codes} нет ни по указанному виду, ни по титульному листу и шифру.${xmlNote}`,
    action: `Добавить в комплект ${one ? `раздел ${codes}` : `разделы ${codes}`} либо, если ${one ? 'он не разрабатывался' : 'какие-то из них не разрабатывались'}, отметить это в XML пояснительной записке (элемент NotDeveloped «Раздел не разрабатывался») с обоснованием.`,
    places: [],
    norm: old ? NORM_OLD : NORM_NEW,
  });
}

/** РД: комплекты the set's own register lists but the set does not hold (ПП № 87 does not govern working documentation). */
function rdComposition(ctx: CheckContext, report: Report): void {
  const listing = ctx.docs.map((d) => registerListing(d, ctx.setBase)).find((l) => l !== null);
  if (!listing)
    return notChecked(
      report,
      'комплект принят как рабочая документация; состав разделов по ПП № 87 к ней не применяется, а ведомости основных комплектов рабочих чертежей в комплекте не найдено.',
    );
  const held = new Set(ctx.docs.flatMap((d) => [d.cipher?.cipher, ...d.stamps.map((s) => s.cipher)].filter((c): c is string => !!c).map(cipherKey)));
  const absent = listing.ciphers.filter((c) => !held.has(cipherKey(c.cipher)));
  if (!absent.length) return;
  const page = listing.doc.headCiphers.find((c) => cipherKey(c.cipher) === cipherKey(absent[0]!.cipher))?.docPage ?? 1;
  const place = { doc: listing.doc, page };
  report({
    importance: 'significant',
    about: null,
    essence: `В комплекте нет ${absent.length === 1 ? 'комплекта' : 'комплектов'} рабочей документации, указанных в ведомости: ${absent.map((c) => `${c.cipher} (марка ${c.mark})`).join(', ')}.`,
    evidence: `${where(place)}: ${quote(listing.heading)} перечисляет ${listing.ciphers.map((c) => c.cipher).join(', ')}; в комплекте нет документов с шифрами ${absent.map((c) => c.cipher).join(', ')}.`,
    action: 'Добавить в комплект недостающие комплекты рабочих чертежей либо исправить ведомость основных комплектов.',
    places: [place],
    norm: 'ГОСТ Р 21.101-2020 СПДС. Основные требования к проектной и рабочей документации',
  });
}

/** U-01: the composition of the set by what the set is (set model): ПД by its edition, РД by its own register. */
export const missingSection = defineCheck({
  id: 'completeness.missing_section',
  theme: 'unassigned',
  importance: 'critical',
  title: 'Обязательные разделы профиля (по редакции состава для даты комплекта) или комплекты РД из ведомости отсутствуют в комплекте',
  basis: { type: 'profile', title: 'Профиль разделов организации' },
  find(ctx, report) {
    switch (ctx.set.stage) {
      case 'П':
      case 'mixed':
        return pdComposition(ctx, report);
      case 'Р':
        return rdComposition(ctx, report);
      default:
        return partialUpload(ctx, report);
    }
  },
});
