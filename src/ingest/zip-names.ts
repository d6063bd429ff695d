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
  try {
    return strictUtf8.decode(raw);
  } catch {
    return iconv.decode(raw, 'cp866');
  }
}
