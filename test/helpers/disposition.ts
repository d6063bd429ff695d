import assert from 'node:assert/strict';
import { attachmentDisposition } from '../../src/report/disposition.ts';

/** The UTF-8 file name of a download's Content-Disposition, checked to come with its ASCII fallback. */
export function downloadName(header: unknown): string {
  const encoded = /filename\*=UTF-8''(.+)$/.exec(String(header))?.[1];
  assert.ok(encoded, `no filename* in ${String(header)}`);
  const name = decodeURIComponent(encoded);
  assert.equal(header, attachmentDisposition(name), 'an ASCII fallback name precedes the UTF-8 one');
  return name;
}
