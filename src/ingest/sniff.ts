import { open } from 'node:fs/promises';
import yauzl from 'yauzl';
import { HEAD_BYTES } from './budget.ts';
import { CompoundFile, OLE_MAGIC } from './cfb.ts';
import type { ArchiveFormat, DocFormat } from './types.ts';
import { decodeXml } from './xml-encoding.ts';

export type Sniffed = { kind: 'document'; format: DocFormat } | { kind: 'archive'; format: ArchiveFormat } | { kind: 'unsupported'; reason: string };

const PDF = Buffer.from('%PDF-');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const RAR = Buffer.from('Rar!\x1a\x07', 'latin1');
const SEVEN_Z = Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]);

/**
 * Recognises a file by its content (magic bytes, then a look inside containers); the name is not
 * trusted. `knownHead` (the file's first bytes, captured while it was written) saves reopening it.
 */
export async function sniffFile(path: string, knownHead?: Buffer): Promise<Sniffed> {
  const head = knownHead ?? (await readHead(path));
  if (head.length === 0) return { kind: 'unsupported', reason: 'Пустой файл' };
  if (startsWith(head, PDF)) return { kind: 'document', format: 'pdf' };
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { kind: 'document', format: 'jpeg' };
  if (startsWith(head, PNG)) return { kind: 'document', format: 'png' };
  if (startsWith(head, RAR)) return { kind: 'archive', format: 'rar' };
  if (startsWith(head, SEVEN_Z)) return { kind: 'archive', format: '7z' };
  if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5 || head[2] === 7)) return sniffZip(path);
  if (startsWith(head, OLE_MAGIC)) return sniffOle(path);
  // Some generators put garbage before the PDF header; readers accept it within the first kilobyte.
  // Checked only after the containers, whose stored entries may contain a PDF header too.
  if (head.subarray(0, 1024).indexOf(PDF) >= 0) return { kind: 'document', format: 'pdf' };
  const xml = sniffXml(head);
  if (xml) return xml;
  return { kind: 'unsupported', reason: 'Формат файла не поддерживается (ожидаются PDF, Word, Excel, JPEG, PNG, XML или архивы ZIP, RAR, 7z)' };
}

async function readHead(path: string): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await fh.read(buf, 0, HEAD_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

function startsWith(buf: Buffer, magic: Buffer): boolean {
  return buf.length >= magic.length && buf.subarray(0, magic.length).equals(magic);
}

/** A ZIP is a Word/Excel document when its parts say so; otherwise it is an archive to unpack. */
async function sniffZip(path: string): Promise<Sniffed> {
  let names: Set<string>;
  try {
    names = await zipEntryNames(path, 200);
  } catch {
    // Unreadable as ZIP: the unpacker reports it as a corrupt archive with the file's name.
    return { kind: 'archive', format: 'zip' };
  }
  if (names.has('[Content_Types].xml')) {
    if (names.has('word/document.xml')) return { kind: 'document', format: 'docx' };
    if (names.has('xl/workbook.xml')) return { kind: 'document', format: 'xlsx' };
    if (names.has('ppt/presentation.xml')) return { kind: 'unsupported', reason: 'Презентации PowerPoint не поддерживаются' };
  }
  if (names.has('mimetype') && names.has('META-INF/manifest.xml')) {
    return { kind: 'unsupported', reason: 'Документы OpenDocument (ODT, ODS) не поддерживаются; сохраните их в PDF, DOCX или XLSX' };
  }
  return { kind: 'archive', format: 'zip' };
}

/** Names of the first `max` entries of the central directory (the parts that identify OOXML come first or early). */
export function zipEntryNames(path: string, max: number): Promise<Set<string>> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: true, strictFileNames: false, validateEntrySizes: false }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('zip open failed'));
      const names = new Set<string>();
      zip.on('entry', (e: yauzl.Entry) => {
        names.add(e.fileName);
        if (names.size >= max) {
          zip.close();
          resolve(names);
        } else zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function sniffOle(path: string): Promise<Sniffed> {
  let cf: CompoundFile;
  try {
    cf = await CompoundFile.open(path);
  } catch {
    return { kind: 'unsupported', reason: 'Файл Office повреждён: не удалось прочитать его структуру' };
  }
  try {
    if (cf.has('EncryptionInfo') || cf.has('EncryptedPackage')) return { kind: 'unsupported', reason: 'Документ защищён паролем' };
    if (cf.has('WordDocument')) return { kind: 'document', format: 'doc' };
    if (cf.has('Workbook') || cf.has('Book')) return { kind: 'document', format: 'xls' };
    return { kind: 'unsupported', reason: 'Файл Office этого типа не поддерживается (ожидаются документы Word и Excel)' };
  } finally {
    await cf.close();
  }
}

/**
 * XML in any layout the standard allows (UTF-8, UTF-16 with or without a byte-order mark, an 8-bit code page). A file
 * whose encoding cannot be read is still recognised by its markup: the review then says why it could not read it.
 */
function sniffXml(head: Buffer): Sniffed | null {
  const decoded = decodeXml(head, { head: true });
  const text = (decoded.ok ? decoded.text : decoded.markup).trimStart();
  if (!text.startsWith('<')) return null;
  // Skip the prolog, comments and DOCTYPE to reach the root element's name.
  const rest = text.replace(/^(?:\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>))*\s*/i, '');
  const root = /^<([A-Za-z_][\w.:-]*)/.exec(rest)?.[1];
  if (!root) return null;
  const local = root.toLowerCase().replace(/^.*:/, '');
  if (local === 'html' || local === 'svg') return { kind: 'unsupported', reason: 'Файлы HTML и SVG не поддерживаются' };
  return { kind: 'document', format: 'xml' };
}
