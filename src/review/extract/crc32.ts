import { createReadStream } from 'node:fs';

const TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32Update(crc: number, buf: Uint8Array): number {
  let c = crc ^ 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = TABLE[(c ^ buf[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** CRC32-IEEE of a file as 8 upper-case hex digits, the form of FileChecksum in the XML ПЗ (streamed). */
export async function crc32File(path: string): Promise<string> {
  let crc = 0;
  for await (const chunk of createReadStream(path)) crc = crc32Update(crc, chunk as Buffer);
  return crc.toString(16).toUpperCase().padStart(8, '0');
}
