/**
 * Writers of small archives for tests, byte by byte, so that hostile details (raw CP866 names without
 * the UTF-8 flag, "../" paths, symlink modes, Unicode Path extra fields, RAR headers) can be produced
 * exactly; no archiver on this machine writes RAR, and ZIP tools refuse most of these on purpose.
 */
import { crc32 } from 'node:zlib';
import type { SevenZipModuleFactory } from '7z-wasm';

export interface RawZipEntry {
  name: Buffer | string;
  data: Buffer;
  /** General purpose flags; 0x800 = UTF-8 name. */
  flags?: number;
  /** Unix st_mode stored in the high half of the external attributes (host = Unix). */
  unixMode?: number;
  extra?: Buffer;
}

/** A stored (uncompressed) ZIP. */
export function rawZip(entries: RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = typeof e.name === 'string' ? Buffer.from(e.name, 'utf8') : e.name;
    const extra = e.extra ?? Buffer.alloc(0);
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.flags ?? 0, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(extra.length, 28);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(e.unixMode !== undefined ? (3 << 8) | 20 : 20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(e.flags ?? 0, 8);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(e.data.length, 20);
    c.writeUInt32LE(e.data.length, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt16LE(extra.length, 30);
    c.writeUInt32LE(e.unixMode !== undefined ? (e.unixMode << 16) >>> 0 : 0, 38);
    c.writeUInt32LE(offset, 42);
    locals.push(local, name, extra, e.data);
    centrals.push(c, name, extra);
    offset += 30 + name.length + extra.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** Info-ZIP Unicode Path extra field (0x7075) for a header name. */
export function unicodePathExtra(headerName: Buffer, unicode: string): Buffer {
  const u = Buffer.from(unicode, 'utf8');
  const b = Buffer.alloc(4 + 5 + u.length);
  b.writeUInt16LE(0x7075, 0);
  b.writeUInt16LE(5 + u.length, 2);
  b.writeUInt8(1, 4);
  b.writeUInt32LE(crc32(headerName), 5);
  u.copy(b, 9);
  return b;
}

/**
 * A RAR 4.x archive with stored (method 0x30) files: marker, archive header, one file header per
 * entry (HEAD_CRC = low 16 bits of CRC32 of the header after the CRC field), end-of-archive block.
 * Names are written as UTF-8 with the Unicode flag and no zero separator, which RAR readers accept.
 */
export function rarStored(entries: { name: string; data: Buffer }[]): Buffer {
  const parts: Buffer[] = [Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00])];
  parts.push(block(0x73, 0x0000, Buffer.alloc(6)));
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const unicode = name.some((b) => b >= 0x80);
    const body = Buffer.alloc(25);
    body.writeUInt32LE(e.data.length, 0); // PACK_SIZE
    body.writeUInt32LE(e.data.length, 4); // UNP_SIZE
    body.writeUInt8(2, 8); // HOST_OS: Windows
    body.writeUInt32LE(crc32(e.data), 9);
    body.writeUInt32LE(0x5a2c0000, 13); // FTIME (DOS date 2025)
    body.writeUInt8(20, 17); // UNP_VER 2.0
    body.writeUInt8(0x30, 18); // METHOD: store
    body.writeUInt16LE(name.length, 19);
    body.writeUInt32LE(0x20, 21); // ATTR: archive
    parts.push(block(0x74, 0x8000 | (unicode ? 0x0200 : 0), Buffer.concat([body, name])), e.data);
  }
  parts.push(block(0x7b, 0x4000, Buffer.alloc(0)));
  return Buffer.concat(parts);
}

function block(type: number, flags: number, body: Buffer): Buffer {
  const head = Buffer.alloc(7);
  head.writeUInt8(type, 2);
  head.writeUInt16LE(flags, 3);
  head.writeUInt16LE(7 + body.length, 5);
  const full = Buffer.concat([head, body]);
  full.writeUInt16LE(crc32(full.subarray(2)) & 0xffff, 0);
  return full;
}

/** Builds a 7z (or other format via `-t`) archive of srcDir's content with 7-Zip WASM, no system tool needed. */
export async function sevenZipWasm(srcDir: string, outPath: string, switches: string[] = []): Promise<void> {
  // A CommonJS package: at run time the default export is the factory itself, the typings nest it once more.
  const SevenZip = (await import('7z-wasm')).default as unknown as SevenZipModuleFactory;
  const { dirname, basename } = await import('node:path');
  const sz = await SevenZip({ print: () => {}, printErr: () => {} });
  sz.FS.mkdir('/src');
  sz.FS.mount(sz.NODEFS, { root: srcDir }, '/src');
  sz.FS.mkdir('/out');
  sz.FS.mount(sz.NODEFS, { root: dirname(outPath) }, '/out');
  sz.FS.chdir('/src');
  sz.callMain(['a', '-bso0', '-bsp0', ...switches, `/out/${basename(outPath)}`, '.']);
}
