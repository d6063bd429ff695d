import { open, type FileHandle } from 'node:fs/promises';

/**
 * A minimal reader of OLE2 compound files (legacy .doc/.xls): the directory (to tell Word from Excel by
 * stream names) and small streams (the SummaryInformation page count). Reads only the sectors it needs;
 * every chain is bounded by the file size, so a malformed file ends in an error, never in a loop.
 */
export const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const END_OF_CHAIN = 0xfffffffe;
const FREE_SECT = 0xffffffff;

interface DirEntry {
  name: string;
  type: number;
  start: number;
  size: number;
}

export class CompoundFile {
  private constructor(
    private readonly fh: FileHandle,
    private readonly sectorSize: number,
    private readonly miniSectorSize: number,
    private readonly miniCutoff: number,
    private readonly fat: Uint32Array,
    private readonly miniFatStart: number,
    readonly entries: DirEntry[],
  ) {}

  static async open(path: string): Promise<CompoundFile> {
    const fh = await open(path, 'r');
    try {
      const size = (await fh.stat()).size;
      const header = Buffer.alloc(512);
      await fh.read(header, 0, 512, 0);
      if (!header.subarray(0, 8).equals(OLE_MAGIC)) throw new Error('not an OLE2 file');
      const shift = header.readUInt16LE(0x1e);
      if (shift !== 9 && shift !== 12) throw new Error('bad sector size');
      const sectorSize = 1 << shift;
      const maxSectors = Math.ceil(size / sectorSize);
      const difat: number[] = [];
      for (let i = 0; i < 109; i++) difat.push(header.readUInt32LE(0x4c + i * 4));
      let difatSector = header.readUInt32LE(0x44);
      for (let guard = 0; difatSector < END_OF_CHAIN && guard < maxSectors; guard++) {
        const buf = await readSector(fh, difatSector, sectorSize);
        for (let i = 0; i < sectorSize / 4 - 1; i++) difat.push(buf.readUInt32LE(i * 4));
        difatSector = buf.readUInt32LE(sectorSize - 4);
      }
      const fatSectors = difat.filter((s) => s < END_OF_CHAIN).slice(0, header.readUInt32LE(0x2c));
      if (fatSectors.length > maxSectors) throw new Error('FAT larger than file');
      const fat = new Uint32Array((fatSectors.length * sectorSize) / 4);
      for (let i = 0; i < fatSectors.length; i++) {
        const buf = await readSector(fh, fatSectors[i]!, sectorSize);
        for (let j = 0; j < sectorSize / 4; j++) fat[(i * sectorSize) / 4 + j] = buf.readUInt32LE(j * 4);
      }
      const probe = new CompoundFile(fh, sectorSize, 1 << header.readUInt16LE(0x20), header.readUInt32LE(0x38), fat, header.readUInt32LE(0x3c), []);
      const dir = await probe.readChain(header.readUInt32LE(0x30), Number.MAX_SAFE_INTEGER);
      const entries: DirEntry[] = [];
      for (let off = 0; off + 128 <= dir.length; off += 128) {
        const nameLen = dir.readUInt16LE(off + 64);
        const type = dir[off + 66] ?? 0;
        if (type === 0 || nameLen < 2 || nameLen > 64) continue;
        entries.push({
          name: dir.toString('utf16le', off, off + nameLen - 2),
          type,
          start: dir.readUInt32LE(off + 116),
          size: dir.readUInt32LE(off + 120),
        });
      }
      return new CompoundFile(fh, sectorSize, probe.miniSectorSize, probe.miniCutoff, fat, probe.miniFatStart, entries);
    } catch (e) {
      await fh.close();
      throw e;
    }
  }

  close(): Promise<void> {
    return this.fh.close();
  }

  has(name: string): boolean {
    return this.entries.some((e) => e.type === 2 && e.name === name);
  }

  /** Reads a stream of at most `limit` bytes (small metadata streams only). */
  async readStream(name: string, limit = 1 << 20): Promise<Buffer | null> {
    const e = this.entries.find((x) => x.type === 2 && x.name === name);
    if (!e || e.size > limit) return null;
    if (e.size >= this.miniCutoff) return (await this.readChain(e.start, e.size)).subarray(0, e.size);
    const root = this.entries.find((x) => x.type === 5);
    if (!root) return null;
    const miniStream = await this.readChain(root.start, root.size);
    const miniFatBytes = await this.readChain(this.miniFatStart, Number.MAX_SAFE_INTEGER);
    const out = Buffer.alloc(e.size);
    let sector = e.start;
    for (let pos = 0, guard = 0; pos < e.size; pos += this.miniSectorSize, guard++) {
      if (sector >= END_OF_CHAIN || guard > miniFatBytes.length / 4) throw new Error('broken mini stream chain');
      miniStream.copy(out, pos, sector * this.miniSectorSize, Math.min(sector * this.miniSectorSize + this.miniSectorSize, miniStream.length));
      sector = sector * 4 + 4 <= miniFatBytes.length ? miniFatBytes.readUInt32LE(sector * 4) : END_OF_CHAIN;
    }
    return out;
  }

  private async readChain(start: number, maxBytes: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let sector = start;
    let bytes = 0;
    for (let guard = 0; sector < END_OF_CHAIN && sector !== FREE_SECT && bytes < maxBytes; guard++) {
      if (guard > this.fat.length || sector >= this.fat.length) throw new Error('broken sector chain');
      parts.push(await readSector(this.fh, sector, this.sectorSize));
      bytes += this.sectorSize;
      sector = this.fat[sector]!;
    }
    return Buffer.concat(parts);
  }
}

async function readSector(fh: FileHandle, n: number, sectorSize: number): Promise<Buffer> {
  const buf = Buffer.alloc(sectorSize);
  const { bytesRead } = await fh.read(buf, 0, sectorSize, (n + 1) * sectorSize);
  if (bytesRead !== sectorSize) throw new Error('sector beyond end of file');
  return buf;
}

const PIDSI_PAGECOUNT = 0x0e;
const VT_I4 = 3;

/** Page count from the «\x05SummaryInformation» property set (Word writes it on save), or null. */
export function summaryPageCount(stream: Buffer): number | null {
  if (stream.length < 48) return null;
  const sectionOffset = stream.readUInt32LE(44);
  if (sectionOffset + 8 > stream.length) return null;
  const count = stream.readUInt32LE(sectionOffset + 4);
  for (let i = 0; i < Math.min(count, 1000); i++) {
    const at = sectionOffset + 8 + i * 8;
    if (at + 8 > stream.length) return null;
    if (stream.readUInt32LE(at) !== PIDSI_PAGECOUNT) continue;
    const valueAt = sectionOffset + stream.readUInt32LE(at + 4);
    if (valueAt + 8 > stream.length || stream.readUInt32LE(valueAt) !== VT_I4) return null;
    const pages = stream.readInt32LE(valueAt + 4);
    return pages > 0 ? pages : null;
  }
  return null;
}
