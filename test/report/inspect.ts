/** Reading built reports in tests: text layer and page count of a PDF (poppler-utils), entries of a ZIP (yauzl). */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import yauzl from 'yauzl';

const run = promisify(execFile);

async function withFile<T>(pdf: Buffer, use: (path: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'drs-report-test-'));
  try {
    const path = join(dir, 'report.pdf');
    await writeFile(path, pdf);
    return await use(path, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Text of a PDF in reading order; pages are separated by form feeds. */
export function pdfText(pdf: Buffer): Promise<string> {
  return withFile(pdf, async (path) => (await run('pdftotext', ['-enc', 'UTF-8', path, '-'], { maxBuffer: 64 * 1024 * 1024 })).stdout);
}

/** Page count and the size of the first page as pdfinfo reports them («595.28 x 841.89 pts (A4)»). */
export function pdfInfo(pdf: Buffer): Promise<{ pages: number; pageSize: string }> {
  return withFile(pdf, async (path) => {
    const { stdout } = await run('pdfinfo', [path]);
    const pages = /^Pages:\s+(\d+)/m.exec(stdout);
    const size = /^Page size:\s+(.+)$/m.exec(stdout);
    if (!pages || !size) throw new Error(`pdfinfo gave no page count or size: ${stdout}`);
    return { pages: Number(pages[1]), pageSize: size[1]!.trim() };
  });
}

export async function pdfPages(pdf: Buffer): Promise<number> {
  return (await pdfInfo(pdf)).pages;
}

/** Renders pages first..last to PNG with pdftoppm and returns the sizes of the images in bytes. */
export function renderPng(pdf: Buffer, first: number, last: number): Promise<number[]> {
  return withFile(pdf, async (path, dir) => {
    await run('pdftoppm', ['-r', '50', '-png', '-f', String(first), '-l', String(last), path, join(dir, 'page')]);
    const pngs = (await readdir(dir)).filter((n) => n.endsWith('.png')).sort();
    return Promise.all(pngs.map(async (n) => (await stat(join(dir, n))).size));
  });
}

export interface ZipEntryInfo {
  name: string;
  utf8Flag: boolean;
  data: Buffer;
}

export function zipEntries(zip: Buffer): Promise<ZipEntryInfo[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, decodeStrings: true }, (err, file) => {
      if (err || !file) return reject(err ?? new Error('no zip'));
      const out: ZipEntryInfo[] = [];
      file.on('error', reject);
      file.on('end', () => resolve(out));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            out.push({ name: entry.fileName, utf8Flag: (entry.generalPurposeBitFlag & 0x800) !== 0, data: Buffer.concat(chunks) });
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

export interface WordBox {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word of a PDF with its box in points (pdftotext -bbox), pages counted from 1. */
export function wordBoxes(pdf: Buffer): Promise<WordBox[]> {
  return withFile(pdf, async (path) => {
    const { stdout } = await run('pdftotext', ['-bbox', path, '-'], { maxBuffer: 256 * 1024 * 1024 });
    const out: WordBox[] = [];
    let page = 0;
    for (const line of stdout.split('\n')) {
      if (line.includes('<page ')) page++;
      const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
      if (m) out.push({ page, xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), text: m[5]! });
    }
    return out;
  });
}
