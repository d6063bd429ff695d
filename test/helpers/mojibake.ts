/** Writes Russian text the way a broken text layer shows it: the code page's bytes read as cp1252 (or Latin-1). */
import iconv from 'iconv-lite';
import type { MojibakeEncoding } from '../../src/review/text/mojibake.ts';

/**
 * «Содержание тома» → «Ñîäåðæàíèå òîìà» (cp1251). A character the code page lacks («²», «≥») stays as it is, as it
 * does in a real layer where such signs come from another font; bytes cp1252 leaves undefined read as Latin-1.
 */
export function garble(text: string, enc: MojibakeEncoding, as: 'cp1252' | 'latin1' = 'cp1252'): string {
  let out = '';
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) {
      out += ch;
      continue;
    }
    const bytes = iconv.encode(ch, enc);
    if (bytes.length !== 1 || iconv.decode(bytes, enc) !== ch) {
      out += ch;
      continue;
    }
    const misread = iconv.decode(bytes, as === 'cp1252' ? 'win1252' : 'latin1');
    out += misread === '\ufffd' ? String.fromCharCode(bytes[0]!) : misread;
  }
  return out;
}
