import { parseCiphers } from './cipher.ts';
import type { IulFacts } from './types.ts';

/** A page of an информационно-удостоверяющий лист: its title, or the checksum columns it alone has. */
const IUL_PAGE = /удостоверяющ|контрольная\s+сумма/i;
const CHECKSUM_LABEL = /контрольная\s+сумма|алгоритм\s+расчета|\bCRC-?32\b|\bMD5\b/i;
const SIZE_LABEL = /размер\s+файла/i;
// hex digits, also typed with Cyrillic look-alikes («С8А8F331»)
const HEX_WORD = /(?<![0-9A-Za-zА-Яа-яЁё])([0-9A-Fa-fАВСЕавсе]{32}|[0-9A-Fa-fАВСЕавсе]{8})(?![0-9A-Za-zА-Яа-яЁё])/g;
const CYRILLIC_HEX: Record<string, string> = { А: 'A', В: 'B', С: 'C', Е: 'E', а: 'A', в: 'B', с: 'C', е: 'E' };
// a byte count on a line of its own: «3 645 699» or «3645699» (four digits or fewer would be a year or a number of sheets)
const SIZE_LINE = /^[ \t]*(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d{5,})[ \t]*$/m;

/**
 * What an ИУЛ certifies about its document's file (ГОСТ Р 21.101-2020, the ИУЛ form): the checksum with its algorithm
 * (CRC32 or MD5) and the size in bytes, read from the page text; and the text without spaces, lower case, where the
 * volume's file name is looked for (the name column wraps anywhere). Null when the page is not an ИУЛ or states neither.
 */
export function readIul(text: string): IulFacts | null {
  if (!IUL_PAGE.test(text)) return null;
  let checksum: string | null = null;
  const label = CHECKSUM_LABEL.exec(text);
  if (label) {
    HEX_WORD.lastIndex = label.index;
    for (let m = HEX_WORD.exec(text); m; m = HEX_WORD.exec(text)) {
      // «CRC32» itself and words of eight letters a–f are not checksums: a checksum here has a digit
      if (!/\d/.test(m[1]!)) continue;
      checksum = m[1]!.replace(/[АВСЕавсе]/g, (c) => CYRILLIC_HEX[c]!).toUpperCase();
      break;
    }
  }
  const algorithm: IulFacts['algorithm'] = /\bMD5\b/i.test(text) || checksum?.length === 32 ? 'MD5' : checksum ? 'CRC32' : null;
  const sizeLabel = SIZE_LABEL.exec(text);
  const sizeMatch = sizeLabel ? SIZE_LINE.exec(text.slice(sizeLabel.index)) : null;
  const size = sizeMatch ? Number(sizeMatch[1]!.replace(/\D/g, '')) : null;
  if (!checksum && size === null) return null;
  const compactText = compactName(text).slice(0, 4000);
  // a designation broken into pieces by the reader is looked for with the lines joined as well
  const joined = text.replace(PIECE_BREAK, '');
  const designated = parseCiphers(text).length > 0 || parseCiphers(joined).length > 0 || DESIGNATION_SHAPE.test(joined);
  return { checksum, algorithm, size, compactText, ...iulDates(compactText), designated };
}

// «30.10.2025 16:28»: the file's last change is the one date printed with a time; the signatures' dates stand alone.
// Read without spaces: a Word-made ИУЛ reaches the reader in pieces («3 0 . 10 .20 25 1 6 : 28»), and a file name
// ending in a digit («…ИОС5.5») then runs into the date.
const DATE_RE = /(?<!\.)(\d{2})\.(\d{2})\.(\d{4})(\d{1,2}:\d{2})?/g;

/** The day of the file's last change and the days of the signatures, as yyyy-mm-dd, from the text without spaces. */
function iulDates(compact: string): { changedOn: string | null; signedOn: string[] } {
  let changedOn: string | null = null;
  const signedOn: string[] = [];
  for (const m of compact.matchAll(DATE_RE)) {
    const [day, month] = [Number(m[1]), Number(m[2])];
    if (day < 1 || day > 31 || month < 1 || month > 12) continue;
    const iso = `${m[3]}-${m[2]}-${m[1]}`;
    if (m[4]) changedOn ??= iso;
    else signedOn.push(iso);
  }
  return { changedOn, signedOn };
}

/** A designation of a document the cipher reader has no mark for («30-25-ИГДИ», «25_06_2025-СОШ10-ТЗК»). */
const DESIGNATION_SHAPE = /(?<![\wА-Яа-яЁё])\d[\d/_.]+-[\dА-ЯЁA-Z/_.-]*[А-ЯЁA-Z]{2,}/;

/** A line break inside a cipher: between its characters, a digit, «/» or «-» on one side. */
const PIECE_BREAK = /(?<=[\d/-])[ \t]*\n[ \t]*(?=[\dА-ЯЁA-Z/-])|(?<=[\dА-ЯЁA-Z/-])[ \t]*\n[ \t]*(?=[\d/-])/g;

/** A file name or text without spaces and extension, lower case, «ё» as «е»: how a name is found in an ИУЛ. */
export function compactName(s: string): string {
  return s
    .replace(/\.(?:pdf|docx?|xlsx?|dwg|xml)$/i, '')
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\s_]+/g, '');
}
