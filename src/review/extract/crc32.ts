import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { crc32 } from 'node:zlib';

/** CRC32-IEEE of a file as 8 upper-case hex digits, the form of FileChecksum in the XML ПЗ (streamed). */
export async function crc32File(path: string): Promise<string> {
  let crc = 0;
  for await (const chunk of createReadStream(path)) crc = crc32(chunk as Buffer, crc);
  return crc.toString(16).toUpperCase().padStart(8, '0');
}

/** MD5 of a file as 32 upper-case hex digits, the other checksum an ИУЛ may state (streamed). */
export async function md5File(path: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex').toUpperCase();
}
