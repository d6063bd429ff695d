import { snippet } from '../text/normalize.ts';
import type { TextFact } from './types.ts';

const ADDRESS_RE = /(?:(?<![а-яё])адрес(?:\s+(?:объекта|строительства|земельного\s+участка))?|расположенн\S*\s+по\s+адресу|местоположение(?:\s+(?:объекта|земельного\s+участка))?|местонахождение(?:\s+объекта)?)(?:\s*\(местоположение\))?\s*[:\-–]?\s*([^\n;]{8,200})/giu;
const OBJECT_RE = /(?:наименование\s+объекта(?:\s+капитального\s+строительства)?|(?<![а-яё])объект(?:\s+капитального\s+строительства)?)\s*[:\-–]\s*«?([^\n»]{8,200})/giu;
const CADASTRAL_RE = /(?<![\d:])(\d{2}):(\d{2}):(\d{6,7}):(\d{1,7})(?![\d:])/g;

/** An address needs a street or a settlement word and a number to be worth comparing. */
const looksLikeAddress = (s: string) => /\d/.test(s) && /(ул|улиц|пр-?к?т|просп|переул|пер\.|шоссе|бульв|наб|проезд|мкр|г\.|город|пос|дом|д\.)/iu.test(s);

function trimAddress(s: string): string {
  // stop before the next field of a title page or a sentence about something else
  return s.replace(/\s{2,}.*$/u, '').replace(/\s+(?:кадастров\S*|площадь\s+(?:застройки|участка|здания)|шифр|заказчик|застройщик|стадия)(?![а-яё]).*$/iu, '').replace(/[.,\s]+$/u, '').trim();
}

export function findAddresses(text: string, docPage: number): TextFact[] {
  const out: TextFact[] = [];
  ADDRESS_RE.lastIndex = 0;
  for (let m = ADDRESS_RE.exec(text); m; m = ADDRESS_RE.exec(text)) {
    let value = m[1]!;
    // a wrapped address continues on the next line after a trailing comma
    const after = text.slice(m.index + m[0].length);
    if (/,\s*$/.test(value)) value += ' ' + (/^\n([^\n;]{1,80})/.exec(after)?.[1] ?? '');
    value = trimAddress(value);
    if (looksLikeAddress(value)) out.push({ value, docPage, snippet: snippet(text, m.index, m.index + m[0].length) });
  }
  return out;
}

export function findObjectNames(text: string, docPage: number): TextFact[] {
  const out: TextFact[] = [];
  OBJECT_RE.lastIndex = 0;
  for (let m = OBJECT_RE.exec(text); m; m = OBJECT_RE.exec(text)) {
    const value = m[1]!.replace(/[».\s]+$/u, '').trim();
    if (/[а-яё]{3,}/iu.test(value)) out.push({ value, docPage, snippet: snippet(text, m.index, m.index + m[0].length) });
  }
  return out;
}

export function findCadastral(text: string, docPage: number): TextFact[] {
  const out: TextFact[] = [];
  CADASTRAL_RE.lastIndex = 0;
  for (let m = CADASTRAL_RE.exec(text); m; m = CADASTRAL_RE.exec(text)) {
    out.push({ value: `${m[1]}:${m[2]}:${m[3]}:${m[4]}`, docPage, snippet: snippet(text, m.index, m.index + m[0].length) });
  }
  return out;
}

/** The latest plausible year on a title page («2025 г.»), used as the date of the document. */
export function findYear(text: string): number | null {
  const now = new Date().getUTCFullYear();
  let best: number | null = null;
  for (const m of text.matchAll(/(?<!\d)(20\d{2})\s*(?:г\.|г(?![а-яё])|год)/giu)) {
    const y = Number(m[1]);
    if (y <= now && (best === null || y > best)) best = y;
  }
  return best;
}
