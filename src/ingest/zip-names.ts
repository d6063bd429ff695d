import { crc32 } from 'node:zlib';
import iconv from 'iconv-lite';

const UTF8_FLAG = 0x800;
const UNICODE_PATH_EXTRA = 0x7075;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

interface ExtraField {
  id: number;
  data: Buffer;
}

/**
 * Decodes a ZIP entry name. Order: the Info-ZIP Unicode Path extra field (when its CRC matches the
 * header name), then the UTF-8 flag, then bytes that happen to be valid UTF-8 (Linux/macOS archivers
 * often omit the flag), and finally CP866 — what Windows archivers with a Russian locale write.
 */
export function decodeZipName(raw: Buffer, generalPurposeBitFlag: number, extraFields: readonly ExtraField[]): string {
  for (const f of extraFields) {
    if (f.id !== UNICODE_PATH_EXTRA || f.data.length < 6 || f.data[0] !== 1) continue;
    if (f.data.readUInt32LE(1) !== crc32(raw)) continue;
    try {
      return strictUtf8.decode(f.data.subarray(5));
    } catch {
      // A broken extra field is ignored; the header name still decodes below.
    }
  }
  if (generalPurposeBitFlag & UTF8_FLAG) return raw.toString('utf8');
  if (raw.every((b) => b < 0x80)) return raw.toString('latin1');
  const cp866 = iconv.decode(raw, 'cp866');
  let utf8: string;
  try {
    utf8 = strictUtf8.decode(raw);
  } catch {
    return cp866;
  }
  // Some CP866 byte runs are valid UTF-8 by accident («рап» = E0 A0 AF → U+082F): UTF-8 wins only
  // when it reads as ordinary text, or when CP866 does not either.
  return PLAUSIBLE.test(utf8) || !PLAUSIBLE.test(cp866) ? utf8 : cp866;
}

/** Latin, Cyrillic, common punctuation and symbols: what real file names are made of. */
const PLAUSIBLE = /^[\u0000-\u024F\u0370-\u03FF\u0400-\u052F\u2000-\u206F\u2100-\u214F\u20A0-\u20CF\s]*$/u;
