import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { execFileSync } from 'node:child_process';
import PDFDocument from 'pdfkit';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSet } from '../../src/review/engine.ts';
import { closeIdleReaders } from '../../src/review/extract/pdf-reader.ts';
import { ocrAvailable } from '../../src/review/extract/ocr.ts';
import { mutoolAvailable } from '../../src/review/extract/mutool-reader.ts';
import { loadConfig, readingSettingsOf } from '../../src/config.ts';
import { pdfDoc, writePdf, type PageSpec } from './fixtures.ts';

const config = loadConfig();
let dir = '';
let missing = '';

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'drs-stamp-picture-'));
  if (!(await ocrAvailable(config.tesseractBin))) missing = 'tesseract с русским языком не установлен';
  else if (!(await mutoolAvailable())) missing = 'mutool не установлен';
});
after(async () => {
  await closeIdleReaders();
  await rm(dir, { recursive: true, force: true });
});

/** One sheet read as the worker reads it, through the native reader: its facts and the set's warnings. */
async function readSheet(name: string, page: PageSpec | (() => Promise<string>)) {
  const path = typeof page === 'function' ? await page() : join(dir, name);
  if (typeof page !== 'function') await writePdf(path, [page]);
  const input = {
    documents: [{ ...pdfDoc(path, name, 'ИОС2', 1), index: 1, pageFrom: 1 }],
    objectAddress: null,
    userRequest: null,
    profile: [],
    workDir: join(dir, `${name}-work`),
  };
  const set = await readSet(input, undefined, { ...readingSettingsOf(config), pdfReader: 'auto', ocr: true });
  return { stamps: set.docs[0]!.stamps, warnings: set.warnings };
}

const drawing = (asLines: boolean): PageSpec => ({
  size: 'A3',
  lines: ['План сетей водоснабжения М 1:500', 'Трубы ПЭ100 SDR17 Ø110 по ГОСТ 18599-2001'],
  stamp: { cipher: '24-017-ИОС2', sheet: 3, sheets: 8, asLines },
});

test('a title block drawn as lines is read from the sheet picture: its sheet, count, stage and rows count, with a warning', async (t) => {
  if (missing) return t.skip(missing);
  const { stamps, warnings } = await readSheet('drawn.pdf', drawing(true));
  assert.equal(stamps.length, 1);
  const stamp = stamps[0]!;
  assert.equal(stamp.recognised, true);
  assert.equal(stamp.sheet, 3);
  assert.equal(stamp.sheets, 8);
  assert.equal(stamp.stage, 'П');
  assert.equal(stamp.hasRoleRows, true);
  assert.equal(stamp.cipher, null, 'a recognised cipher is not taken for the designer’s');
  assert.deepEqual(stamp.names, {});
  assert.deepEqual(
    warnings.map((w) => [w.code, w.page]),
    [['title_block_recognised', 1]],
  );
  assert.match(warnings[0]!.message, /«drawn\.pdf».*начерчена линиями/);
});

test('a title block written as text and a sheet of A4 are never looked for in the picture', async (t) => {
  if (missing) return t.skip(missing);
  const text = await readSheet('text.pdf', drawing(false));
  assert.equal(text.stamps[0]?.recognised, undefined);
  assert.equal(text.stamps[0]?.cipher, '24-017-ИОС2');
  assert.deepEqual(text.warnings, []);

  const a4 = await readSheet('a4.pdf', { lines: ['Пояснительная записка'], stamp: { cipher: '24-017-ПЗ', sheet: 2, asLines: true } });
  assert.deepEqual(a4.stamps, []);
  assert.deepEqual(a4.warnings, []);
});

test('a sheet with no text at all, every word of it lines, has its title block read from the picture too; a scanned sheet does not', async (t) => {
  if (missing) return t.skip(missing);
  const blank = await readSheet('lines-only.pdf', { size: 'A3', lines: [], stamp: { cipher: '24-017-ИОС2', sheet: 3, sheets: 8, asLines: true } });
  assert.deepEqual(
    blank.stamps.map((s) => [s.recognised, s.sheet, s.sheets]),
    [[true, 3, 8]],
  );
  assert.ok(blank.warnings.some((w) => w.code === 'title_block_recognised'));

  // the same sheet as a scan: a picture covering the corner, whose rules cannot be taken out — the page's OCR reads it
  const scan = await readSheet('scan.pdf', async () => {
    const png = join(dir, 'scan.png');
    execFileSync('mutool', ['draw', '-q', '-r', '100', '-o', png, join(dir, 'lines-only.pdf'), '1']);
    const path = join(dir, 'scan.pdf');
    const doc = new PDFDocument({ size: 'A3', layout: 'landscape', margin: 0, autoFirstPage: false });
    const out = createWriteStream(path);
    doc.pipe(out);
    doc.addPage({ size: 'A3', layout: 'landscape', margin: 0 });
    doc.image(png, 0, 0, { width: doc.page.width, height: doc.page.height });
    doc.end();
    await once(out, 'finish');
    return path;
  });
  assert.ok(scan.stamps.every((s) => !s.recognised));
  assert.ok(!scan.warnings.some((w) => w.code === 'title_block_recognised'));
});
