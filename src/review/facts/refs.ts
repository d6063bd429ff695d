import { snippet } from '../text/normalize.ts';
import { designationOf, findCiphers, parseCiphers } from './cipher.ts';
import type { CipherRef, SheetRef, VolumeRef } from './types.ts';

// «на листах 133/23-ГК-ТХ.О»: a number that begins a cipher is not a sheet number
const NOT_A_CIPHER = String.raw`(?![0-9A-ZА-ЯЁ./_]*(?:-[0-9A-ZА-ЯЁ./_]+)*-[А-ЯЁ]{2})`;
const SHEET_REF_RE = new RegExp(
  String.raw`(?:(?:см\.?|смотри|смотреть|приведен[аоы]?|показан[аоы]?|представлен[аоы]?)\s*(?:на\s+)?(?:лист(?:е|ы|ах)?|л\.)|на\s+листе|на\s+листах)\s*(?:№\s*)?${NOT_A_CIPHER}(\d{1,3})(?:\s*(?:[-–]|,|и)\s*(\d{1,3}))?((?:\s*(?:документа|тома|альбома|раздела|шифр)?\s*)([0-9A-ZА-ЯЁ][^\s,;)]*-[А-ЯЁ]{1,6}\d*(?:\.\d+)*))?`,
  'giu',
);
// «(лист 11)», «(л. 4)» after the thing shown there; «см. 24-017-ПЗУ, лист 11» with the document first
const PAREN_SHEET_RE = /\(\s*(?:см\.?\s*)?(?:лист|л\.)\s*(\d{1,3})\s*\)/giu;
const CIPHER_THEN_SHEET_RE =
  /(?:см\.?|смотри|смотреть|согласно|по)\s*(?:том\S*\s+|документ\S*\s+|альбом\S*\s+)?([0-9A-ZА-ЯЁ][^\s,;)]*-[А-ЯЁ]{1,6}\d*(?:\.\d+)*(?:[.-][А-ЯЁ]{1,4}\d*)*)\s*,?\s*(?:лист|л\.)\s*(\d{1,3})(?![\d])/giu;
const DOC_REF_CONTEXT =
  /(?:(?<![а-яё])см\.?|смотри|смотреть|согласно|в\s+соответствии\s+с|приведен\S*\s+в|указан\S*\s+в|представлен\S*\s+в|разработан\S*\s+в|в\s+составе|(?<![а-яё])по|(?<![а-яё])в\s+(?:томе|разделе|документе|альбоме|комплекте))\s*(?:[а-яё.]+\s*){0,3}$/iu;

// «… раздела ООС», «… текстовой части подраздела ИОС9», «… тома 8», «… раздела «Охрана окружающей среды»» right after the
// sheet: the sheet is another document's
const OTHER_DOCUMENT =
  /^(?:[\s,и–-]*\d{1,3}(?!\d))*[\s,]*(?:(?:текстов\S*|графическ\S*)\s+част\S*\s+)?(?:(?:раздел|подраздел|том|книг|альбом|документ|отчет|отчёт)[а-яё]*\s*(?:№\s*)?(?:(\d+(?:\.\d+)*)|«[^»]{3,80}»|"[^"]{3,80}"|([А-ЯЁ]{2,5}\d*(?:\.\d+)*)(?![а-яё]))|([А-ЯЁ]{2,5}\d*(?:\.\d+)*)(?![а-яёА-ЯЁ]))/u;
// the codes a section or subsection is named by; a word in capitals after a sheet is one only when it is a code
const SECTION_CODE =
  /^(?:ПЗ|ПЗУ|СПОЗУ|АР|КР|ИОС\d*(?:\.\d+)*|ТХ|ПОС|ПОД|ООС|ПМООС|ПБ|ОДИ|ТБЭ|ЭЭ|СМ|ГОЧС|ИТМ|ЭС|ЭО|ЭМ|ВС|ВК|НВК|ОВ|ТС|СС|ГС|КЖ|КМ|АС|ГП|ИИ|ИГДИ|ИГИ|ИЭИ|ИГМИ)$/u;

/** Another document named by words right after a sheet reference, with its section code when one is given. */
function otherDocument(after: string): Pick<SheetRef, 'other' | 'otherSection'> {
  const m = OTHER_DOCUMENT.exec(after);
  if (!m) return {};
  const code = m[2] ?? m[3];
  // a bare capital word after the sheet is another document only when it is a section's code («лист 5 ООС»)
  if (m[3] && !SECTION_CODE.test(m[3])) return {};
  return { other: m[0].replace(/^[\s,]+/, '').replace(/\s+/g, ' '), ...(code && SECTION_CODE.test(code) ? { otherSection: code } : {}) };
}

/** «см. лист 12», «на листах 5–7», «см. лист 3 документа 24-017-АР», «листы 81, 82 раздела ООС». */
export function findSheetRefs(text: string, docPage: number): SheetRef[] {
  const out: SheetRef[] = [];
  SHEET_REF_RE.lastIndex = 0;
  for (let m = SHEET_REF_RE.exec(text); m; m = SHEET_REF_RE.exec(text)) {
    const cipher = m[4] ? (parseCiphers(m[4])[0]?.cipher ?? null) : null;
    const a = Number(m[1]);
    const b = m[2] ? Number(m[2]) : a;
    const s = snippet(text, m.index, m.index + m[0].length);
    const other = cipher ? {} : otherDocument(text.slice(m.index + m[0].length, m.index + m[0].length + 120));
    for (const sheet of new Set([a, b])) if (sheet > 0) out.push({ sheet, docPage, raw: m[0].replace(/\s+/g, ' ').trim(), snippet: s, cipher, ...other });
  }
  PAREN_SHEET_RE.lastIndex = 0;
  for (let m = PAREN_SHEET_RE.exec(text); m; m = PAREN_SHEET_RE.exec(text)) {
    const sheet = Number(m[1]);
    if (sheet > 0)
      out.push({
        sheet,
        docPage,
        raw: m[0],
        snippet: snippet(text, m.index, m.index + m[0].length),
        cipher: null,
        ...otherDocument(text.slice(m.index + m[0].length, m.index + m[0].length + 120)),
      });
  }
  CIPHER_THEN_SHEET_RE.lastIndex = 0;
  for (let m = CIPHER_THEN_SHEET_RE.exec(text); m; m = CIPHER_THEN_SHEET_RE.exec(text)) {
    const cipher = parseCiphers(m[1]!)[0]?.cipher ?? null;
    const sheet = Number(m[2]);
    if (cipher && sheet > 0)
      out.push({ sheet, docPage, raw: m[0].replace(/\s+/g, ' ').trim(), snippet: snippet(text, m.index, m.index + m[0].length), cipher });
  }
  // one reference matched by two wordings («(см. л. 4)») counts once
  const seen = new Set<string>();
  return out.filter((r) => {
    const k = `${r.sheet}|${r.cipher ?? ''}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

const AS_SECTION = /(?<![а-яё])(?:раздел|подраздел|том)[а-яё]*\s*(?:№\s*)?$/iu;

/** Ciphers of documents that the text points the reader to («см. 24-017-КР2», «согласно 24-017-ИОС4»). */
export function findCipherRefs(text: string, docPage: number): CipherRef[] {
  const out: CipherRef[] = [];
  const found = findCiphers(text);
  const designated = designationOf(text, found);
  for (const c of found) {
    const before = text.slice(Math.max(0, c.index - 60), c.index);
    // «Раздел 9. Мероприятия по обеспечению …» above a cover's designation is its title, not «по 24-017-ПБ»
    if (!DOC_REF_CONTEXT.test(before) || c.index === designated) continue;
    out.push({
      ...c.fact,
      docPage,
      snippet: snippet(text, c.index, c.index + c.fact.cipher.length),
      ...(AS_SECTION.test(before) ? { asSection: true as const } : {}),
    });
  }
  return out;
}

// a number that begins a cipher («в томе 24-017-АР») is not a volume number
const VOLUME_NUMBER = String.raw`(\d{1,2}(?:\.\d{1,2}){0,2})(?![\d]|\.\d|[-–/_]\s*[0-9A-ZА-ЯЁ])`;
// «см. том 7», «согласно тому 5.1», «приведены в томе 4»; a cipher right after it («см. том 3 (24-017-АР)») is judged by the cipher
const VOLUME_REF_RE = new RegExp(
  String.raw`(?:(?<![а-яё])см\.?|смотри|смотреть|согласно|приведен\S*\s+в|представлен\S*\s+в|указан\S*\s+в|(?<![а-яё])в)\s+(?:том(?:е|а|у)?|т\.)\s*(?:№\s*)?${VOLUME_NUMBER}(?![\s,(]*(?:шифр\s*)?[0-9A-ZА-ЯЁ][^\s,;)]*-[А-ЯЁ])`,
  'giu',
);
const OWN_VOLUME_NAME = /(?<![а-яё])том\s*[№_]?\s*(\d{1,2}(?:\.\d{1,2}){0,2})(?!\d|\.\d)/iu;
const OWN_VOLUME_LINE = new RegExp(String.raw`^\s*том\s*№?\s*${VOLUME_NUMBER}\s*$`, 'imu');

/** Volumes of the set the text sends the reader to by number. */
export function findVolumeRefs(text: string, docPage: number): VolumeRef[] {
  const out: VolumeRef[] = [];
  VOLUME_REF_RE.lastIndex = 0;
  for (let m = VOLUME_REF_RE.exec(text); m; m = VOLUME_REF_RE.exec(text)) {
    out.push({ volume: m[1]!, docPage, snippet: snippet(text, m.index, m.index + m[0].length) });
  }
  return out;
}

/** A document's own volume number: «Том 5.1» in its file name or alone on a line of its title page. */
export function ownVolume(name: string, head: string): string | null {
  return OWN_VOLUME_NAME.exec(name)?.[1] ?? OWN_VOLUME_LINE.exec(head)?.[1] ?? null;
}
