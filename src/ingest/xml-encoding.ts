/**
 * An XML document's text in the encoding it declares — the one way every part of the service reads XML (recognising
 * it, classifying it, validating it, taking its facts). As the XML standard says (XML 1.0, appendix F): a byte-order
 * mark, or the first bytes of «<?xml» two bytes a character, tell UTF-16 from the 8-bit encodings; in an 8-bit file
 * the declaration names the encoding, and without one it is UTF-8. The declaration and the bytes must agree: a file
 * that declares an encoding the service does not know, or one its bytes are not in, is not read, and the reason says
 * what it declares and what its bytes are.
 */
import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';

export type XmlText =
  | { ok: true; text: string; encoding: string }
  | {
      ok: false;
      /** Why the file cannot be read, in Russian, naming the encoding declared and what the bytes are. */
      reason: string;
      /** The same for logs. */
      detail: string;
      /** The markup as far as it can be read without the encoding (tags are ASCII): enough to recognise the root element. */
      markup: string;
    };

/** The encodings a Russian XML document is written in, by the names a declaration may give them (lower case). */
const ENCODINGS: Record<string, string> = {
  'utf-8': 'UTF-8',
  utf8: 'UTF-8',
  'utf-16': 'UTF-16',
  utf16: 'UTF-16',
  'utf-16le': 'UTF-16LE',
  'utf-16be': 'UTF-16BE',
  'windows-1251': 'windows-1251',
  windows1251: 'windows-1251',
  cp1251: 'windows-1251',
  'cp-1251': 'windows-1251',
  'x-cp1251': 'windows-1251',
  'win-1251': 'windows-1251',
  win1251: 'windows-1251',
  'koi8-r': 'KOI8-R',
  koi8r: 'KOI8-R',
  cskoi8r: 'KOI8-R',
  'koi8-u': 'KOI8-U',
  ibm866: 'IBM866',
  cp866: 'IBM866',
  '866': 'IBM866',
  csibm866: 'IBM866',
  'iso-8859-5': 'ISO-8859-5',
  'iso_8859-5': 'ISO-8859-5',
  iso8859_5: 'ISO-8859-5',
  cyrillic: 'ISO-8859-5',
  'us-ascii': 'US-ASCII',
  ascii: 'US-ASCII',
  'iso-8859-1': 'ISO-8859-1',
  'iso_8859-1': 'ISO-8859-1',
  latin1: 'ISO-8859-1',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
};

type Layout = 'utf-8' | 'utf-16le' | 'utf-16be' | '8-bit';

/** What the first bytes say: a byte-order mark, UTF-16 without one (a «<» or a space two bytes wide), or 8-bit. */
function layoutOf(b: Buffer): { layout: Layout; bom: number; utf32: boolean } {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { layout: 'utf-8', bom: 3, utf32: false };
  if (b[0] === 0xff && b[1] === 0xfe) return { layout: 'utf-16le', bom: 2, utf32: b[2] === 0 && b[3] === 0 };
  if (b[0] === 0xfe && b[1] === 0xff) return { layout: 'utf-16be', bom: 2, utf32: false };
  if (b.length >= 4 && b[0] === 0 && b[1] === 0) return { layout: '8-bit', bom: 0, utf32: true };
  if (b.length >= 4 && b[0] !== 0 && b[1] === 0 && b[2] !== 0 && b[3] === 0) return { layout: 'utf-16le', bom: 0, utf32: false };
  if (b.length >= 4 && b[0] === 0 && b[1] !== 0 && b[2] === 0 && b[3] !== 0) return { layout: 'utf-16be', bom: 0, utf32: false };
  return { layout: '8-bit', bom: 0, utf32: false };
}

const utf16 = (b: Buffer, layout: 'utf-16le' | 'utf-16be', fatal: boolean): string => {
  const le = layout === 'utf-16le' ? b : Buffer.from(b.subarray(0, b.length - (b.length % 2))).swap16();
  return new TextDecoder('utf-16le', { fatal }).decode(le);
};

/** The declaration's encoding as written, read from the markup (its characters are ASCII in every encoding accepted). */
function declaredEncoding(markup: string): string | null {
  const decl = /^<\?xml\b([^?>]*)\?>/.exec(markup);
  const m = decl ? /\bencoding\s*=\s*(["'])(.*?)\1/.exec(decl[1] ?? '') : null;
  return m ? (m[2] ?? '') : null;
}

/** The 1-based line of the first character the decoder could not make out (U+FFFD in the lenient text). */
const lineOfFirstBad = (lenient: string): number => {
  const at = lenient.indexOf('\uFFFD');
  return at < 0 ? 1 : lenient.slice(0, at).split('\n').length;
};

/** A declared name quoted in a message: printable, short. */
const quoted = (name: string) => `«${name.replace(/[^\x20-\x7e]/g, '?').slice(0, 40)}»`;

/**
 * Decodes an XML document. `head`: the bytes are only the file's beginning, so a character cut at their end is no
 * fault. Never throws.
 */
export function decodeXml(bytes: Buffer, options: { head?: boolean } = {}): XmlText {
  const { layout, bom, utf32 } = layoutOf(bytes);
  const body = bytes.subarray(bom);
  const markup = layout === 'utf-16le' || layout === 'utf-16be' ? utf16(body, layout, false) : body.toString('latin1');
  const declared = declaredEncoding(markup);
  const name = declared === null ? null : ENCODINGS[declared.trim().toLowerCase()];
  const fail = (reason: string, detail: string): XmlText => ({ ok: false, reason, detail, markup });
  if (utf32) return fail('файл записан в кодировке UTF-32, которую XML-документы Минстроя не используют', 'UTF-32 is not read');
  if (declared !== null && !name)
    return fail(
      `в его объявлении указана кодировка ${quoted(declared)}, которую сервис не знает (читаются UTF-8, UTF-16, windows-1251, KOI8-R, IBM866, ISO-8859-5)`,
      `unknown declared encoding ${JSON.stringify(declared.slice(0, 40))}`,
    );
  if (layout === 'utf-16le' || layout === 'utf-16be') {
    const bytesAre = layout === 'utf-16le' ? 'UTF-16LE' : 'UTF-16BE';
    if (name && name !== 'UTF-16' && name !== bytesAre)
      return fail(`файл записан в кодировке ${bytesAre}, а в его объявлении указана ${name}`, `declared ${name}, bytes are ${bytesAre}`);
    if (!options.head && body.length % 2)
      return fail(`файл записан в кодировке ${bytesAre}, но в нём нечётное число байтов: он обрезан или повреждён`, `odd length in ${bytesAre}`);
    const even = body.subarray(0, body.length - (body.length % 2));
    try {
      let text = utf16(even, layout, true);
      if (options.head) text = text.replace(/[\uD800-\uDBFF]$/, '');
      return { ok: true, text, encoding: bytesAre };
    } catch {
      return fail(
        `файл объявлен или начат как ${bytesAre}, но его байты в этой кодировке не читаются (строка ${lineOfFirstBad(utf16(body, layout, false))})`,
        `invalid ${bytesAre}`,
      );
    }
  }
  const encoding = name ?? 'UTF-8';
  if (layout === 'utf-8' && encoding !== 'UTF-8')
    return fail(`файл начинается с метки кодировки UTF-8, а в его объявлении указана ${encoding}`, `UTF-8 byte-order mark, declared ${encoding}`);
  if (encoding.startsWith('UTF-16'))
    return fail(
      `в его объявлении указана кодировка ${encoding}, но файл записан в 8-битной кодировке (по байту на знак разметки)`,
      `declared ${encoding}, bytes are 8-bit`,
    );
  if (encoding === 'UTF-8') {
    // a multi-byte character cut at the end of a head is dropped, not a fault
    const whole = options.head ? body.subarray(0, utf8Whole(body)) : body;
    if (isUtf8(whole)) return { ok: true, text: whole.toString('utf8'), encoding };
    const line = lineOfFirstBad(whole.toString('utf8'));
    return fail(
      declared === null
        ? `кодировка в нём не объявлена, а значит это UTF-8, но его байты не являются UTF-8 (строка ${line}); вероятно, он сохранён в windows-1251 без объявления encoding="windows-1251"`
        : `в его объявлении указана кодировка UTF-8, но его байты не являются UTF-8 (строка ${line}); вероятно, он сохранён в другой кодировке`,
      `declared ${declared === null ? 'nothing (UTF-8)' : 'UTF-8'}, bytes are not UTF-8 (line ${line})`,
    );
  }
  // an 8-bit code page: a file of Russian text whose every byte above ASCII makes valid UTF-8 is UTF-8, whatever it declares
  if (!isAscii(body) && isUtf8(options.head ? body.subarray(0, utf8Whole(body)) : body))
    return fail(`в его объявлении указана кодировка ${encoding}, но файл записан в UTF-8`, `declared ${encoding}, bytes are UTF-8`);
  if (encoding === 'US-ASCII' && !isAscii(body))
    return fail('в его объявлении указана кодировка US-ASCII, но в нём есть знаки вне её (например, русские буквы)', 'declared US-ASCII, bytes are not');
  const text = iconv.decode(body, encoding === 'US-ASCII' ? 'ascii' : encoding);
  if (text.includes('\uFFFD'))
    return fail(`в нём есть байты, которых нет в объявленной кодировке ${encoding} (строка ${lineOfFirstBad(text)})`, `bytes undefined in ${encoding}`);
  return { ok: true, text, encoding };
}

function isAscii(b: Buffer): boolean {
  for (let i = 0; i < b.length; i++) if (b[i]! > 0x7f) return false;
  return true;
}

/** The length of the longest prefix that does not end inside a UTF-8 multi-byte character. */
function utf8Whole(b: Buffer): number {
  let i = b.length;
  // step back over at most three continuation bytes to the lead byte of the last character
  let k = 0;
  while (k < 3 && i - k - 1 >= 0 && (b[i - k - 1]! & 0xc0) === 0x80) k++;
  const lead = b[i - k - 1];
  if (lead === undefined) return i;
  const need = lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc0 ? 1 : 0;
  if (need > k) i = i - k - 1;
  return i;
}

/**
 * The document as the XML parser (libxml2) is given it: the decoded text in UTF-8, its declaration saying so, on the
 * same lines as in the file, so a parser's line numbers are the file's.
 */
export function asUtf8Document(text: string): Buffer {
  return Buffer.from(text.replace(/^(<\?xml\b[^?>]*?\bencoding\s*=\s*)(["'])[^"']*\2/, '$1$2UTF-8$2'), 'utf8');
}
