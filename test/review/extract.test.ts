import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import * as mupdf from 'mupdf';
import PDFDocument from 'pdfkit';
import { Document, Packer, Paragraph } from 'docx';
import { extractDocument } from '../../src/review/extract/index.ts';
import { acquireReader, closeIdleReaders, releaseReader } from '../../src/review/extract/pdf-reader.ts';
import { ocrAvailable } from '../../src/review/extract/ocr.ts';
import { MutoolPdfReader, mutoolAvailable } from '../../src/review/extract/mutool-reader.ts';
import { WasmPdfReader } from '../../src/review/extract/wasm-reader.ts';
import { loadConfig } from '../../src/config.ts';
import { writePdf } from './fixtures.ts';
import type { ReviewDocument } from '../../src/review/types.ts';

let dir = '';
const config = loadConfig();
const opts = () => ({ workDir: dir, timeoutMs: 20_000, ocr: true, tesseractBin: config.tesseractBin, pdfReader: config.pdfReader });
const doc = (name: string, path: string, format: ReviewDocument['format'], pdfPath: string | null): ReviewDocument => ({
  index: 1,
  name,
  kind: null,
  role: 'review',
  format,
  path,
  pdfPath,
  pages: null,
  pageFrom: 1,
});

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'drs-extract-'));
  await writePdf(join(dir, 'text.pdf'), [
    { lines: ['Первая страница: этажность – 9'] },
    { lines: ['Вторая страница'], stamp: { cipher: '24-017-КР', sheet: 2 } },
  ]);
});
after(() => rm(dir, { recursive: true, force: true }));

/** A PDF whose only page is a picture of Cyrillic text (a scan without a text layer). */
async function scannedPdf(path: string): Promise<void> {
  const src = mupdf.Document.openDocument(join(dir, 'text.pdf'), 'application/pdf');
  const png = src.loadPage(0).toPixmap(mupdf.Matrix.scale(3, 3), mupdf.ColorSpace.DeviceRGB, false, true).asPNG();
  const pdf = new PDFDocument({ size: 'A4', margin: 0 });
  const out = createWriteStream(path);
  pdf.pipe(out);
  pdf.image(Buffer.from(png), 0, 0, { width: 595 });
  pdf.end();
  await once(out, 'finish');
}

test('a PDF is read page by page with its title-block text', async () => {
  const r = await extractDocument(doc('kr.pdf', join(dir, 'text.pdf'), 'pdf', join(dir, 'text.pdf')), opts());
  assert.deepEqual(
    r.pages.map((p) => [p.docPage, p.source]),
    [
      [1, 'text'],
      [2, 'text'],
    ],
  );
  assert.match(r.pages[0]!.text, /этажность – 9/);
  assert.match(r.pages[1]!.text, /24-017-КР/);
  assert.deepEqual(r.warnings, []);
});

test('a WebAssembly reader kept warm between reviews is reused, and closing the idle readers ends their processes', async () => {
  // the native reader keeps no process between documents; the pool is for the WebAssembly one
  const p = join(dir, 'text.pdf');
  const read = async (r: Awaited<ReturnType<typeof acquireReader>>) => {
    const texts: string[] = [];
    await r.read(p, { timeoutMs: 20_000, renderPrefix: null }, (_n, page) => {
      texts.push(page.text);
    });
    return texts;
  };
  const first = await acquireReader('wasm');
  assert.equal((await read(first)).length, 2);
  await releaseReader(first);
  const again = await acquireReader('wasm');
  assert.equal(again, first, 'the idle reader is handed out again');
  assert.match((await read(again)).join('\n'), /24-017-КР/);
  await releaseReader(again);
  assert.equal(again.alive, true);
  // an idle reader does not keep the program alive, yet closing it must still finish
  await closeIdleReaders();
  assert.equal(again.alive, false);
});

test('a damaged PDF is reported in warnings instead of failing the review', async () => {
  const bad = join(dir, 'bad.pdf');
  await writeFile(bad, '%PDF-1.7\n1 0 obj << /Type /Catalog >>\ngarbage without xref');
  const r = await extractDocument(doc('bad.pdf', bad, 'pdf', bad), opts());
  assert.equal(r.pages.length, 0);
  assert.equal(r.warnings[0]!.code, 'document_unreadable');
  assert.match(r.warnings[0]!.message, /«bad\.pdf» не прочитан/);
});

test('a reader that does not answer in time is stopped and the document is reported', async (t) => {
  const p = join(dir, 'text.pdf');
  // asked before the stand-in below is on PATH: it would not answer the version probe
  const native = config.pdfReader === 'auto' && (await mutoolAvailable());
  // a native tool that lists the page and then hangs: a real one may well finish a small file within any deadline
  const bin = join(dir, 'hanging-bin');
  await mkdir(bin, { recursive: true });
  await writeFile(
    join(bin, 'mutool'),
    [
      '#!/bin/sh',
      'if [ "$1" = pages ]; then printf \'%s:\\n<page pagenum="1">\\n<MediaBox l="0" b="0" r="595" t="842" />\\n</page>\\n\' "$2"; exit 0; fi',
      'exec sleep 30',
    ].join('\n'),
    { mode: 0o755 },
  );
  const path = process.env.PATH;
  process.env.PATH = `${bin}:${path}`;
  t.after(() => {
    process.env.PATH = path;
  });
  // the stand-in answers its listing at once and hangs drawing; the WebAssembly reader cannot even start in 1 ms
  const r = await extractDocument(doc('slow.pdf', p, 'pdf', p), { ...opts(), timeoutMs: native ? 500 : 1 });
  assert.equal(r.warnings[0]!.code, 'document_timeout', r.warnings[0]!.message);
  assert.match(r.warnings[0]!.message, /превышено время/);
});

test('Word without a PDF rendition is read from its XML with a warning about approximate pages', async () => {
  const p = join(dir, 'pz.docx');
  await writeFile(p, await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Пояснительная записка, этажность 9')] }] })));
  const r = await extractDocument(doc('pz.docx', p, 'docx', null), opts());
  assert.equal(r.pages[0]!.source, 'xml');
  assert.match(r.pages[0]!.text, /этажность 9/);
  assert.equal(r.warnings[0]!.code, 'pages_approximate');
});

test('pages without a text layer are recognised with tesseract when it is installed', async (t) => {
  if (!(await ocrAvailable(config.tesseractBin))) return t.skip('tesseract с русским языком не установлен');
  const p = join(dir, 'scan.pdf');
  await scannedPdf(p);
  const r = await extractDocument(doc('scan.pdf', p, 'pdf', p), opts());
  assert.equal(r.pages[0]!.source, 'ocr');
  assert.match(r.pages[0]!.text, /страница/i);
  assert.deepEqual(r.warnings, []);
});

test('a workbook’s page without text is an empty print area: not recognised, not named unread', async (t) => {
  if (!(await ocrAvailable(config.tesseractBin))) return t.skip('tesseract с русским языком не установлен');
  const p = join(dir, 'sheet-print.pdf');
  await scannedPdf(p);
  // the PDF the service converted a workbook to: its pages are cells, a picture on one is no scan of a page
  const r = await extractDocument(doc('Смета.xlsx', join(dir, 'Смета.xlsx'), 'xlsx', p), opts());
  assert.equal(r.pages[0]!.source, 'none');
  assert.deepEqual(r.warnings, []);
});

test('with recognition switched off, a scanned page is named in warnings, never skipped silently', async () => {
  const p = join(dir, 'scan2.pdf');
  await scannedPdf(p);
  const r = await extractDocument(doc('scan2.pdf', p, 'pdf', p), { ...opts(), ocr: false });
  assert.equal(r.pages[0]!.source, 'none');
  assert.equal(r.warnings[0]!.code, 'ocr_unavailable');
  assert.match(r.warnings[0]!.message, /«scan2\.pdf».*с\. 1/);
  const img = await extractDocument(doc('photo.png', join(dir, 'none.png'), 'png', null), { ...opts(), ocr: false });
  assert.equal(img.warnings[0]!.code, 'ocr_unavailable');
});

test('the PDF reader works when the service is loaded the way bin/drs.js loads it', () => {
  const script = `import { register } from 'tsx/esm/api'; register();
    const { extractDocument } = await import('./src/review/extract/index.ts');
    const r = await extractDocument({ index: 1, name: 'a.pdf', kind: null, role: 'review', format: 'pdf', path: process.argv[1], pdfPath: process.argv[1], pages: null, pageFrom: 1 }, { workDir: '.', timeoutMs: 20000, ocr: false, tesseractBin: 'tesseract', pdfReader: 'auto' });
    console.log(r.pages.length);`;
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', script, join(dir, 'text.pdf')], {
    encoding: 'utf8',
    cwd: process.cwd(),
    execArgv: [],
  } as never);
  assert.equal(res.stdout.trim(), '2', res.stderr);
});

test('a title block placed right after the text, not at the bottom of the sheet, is still read', async () => {
  const { streamDocument } = await import('../../src/review/extract/index.ts');
  const { parseStamp } = await import('../../src/review/facts/stamp.ts');
  const p = join(dir, 'word-stamp.pdf');
  await writePdf(p, [{ lines: ['Текстовая часть'], stamp: { cipher: '24-017-ПБ', sheet: 3, sheets: 9, raise: 450 } }]);
  const reader = await acquireReader(config.pdfReader);
  const stamps: ReturnType<typeof parseStamp>[] = [];
  try {
    await streamDocument(doc('pb.pdf', p, 'pdf', p), opts(), reader, (page) => stamps.push(parseStamp(page.stampLines ?? [], page.docPage)));
  } finally {
    await reader.close();
  }
  assert.deepEqual([stamps[0]!.sheet, stamps[0]!.sheets, stamps[0]!.cipher, stamps[0]!.roles['Н. контр.']], [3, 9, '24-017-ПБ', 'filled']);
});

test('a title block whose labels and cipher a CAD export wrote in pieces is read whole, by every reader', async () => {
  const { streamDocument } = await import('../../src/review/extract/index.ts');
  const { parseStamp } = await import('../../src/review/facts/stamp.ts');
  const p = join(dir, 'cad-stamp.pdf');
  const roles = { Разработал: 'Исаева', Проверил: 'Суров', ГИП: 'Якубовский', 'Н. контроль': 'Локтева' };
  await writePdf(p, [{ lines: ['Общие данные'], stamp: { cipher: '133/23-ГК-АР6', sheet: 1, sheets: 4, roles, stage: 'Р', pieces: true } }]);
  const readers = [
    { name: 'WebAssembly', make: () => new WasmPdfReader() },
    ...((await mutoolAvailable()) ? [{ name: 'native mutool', make: () => new MutoolPdfReader() }] : []),
  ];
  for (const { name: mode, make } of readers) {
    const reader = make();
    const stamps: ReturnType<typeof parseStamp>[] = [];
    try {
      await streamDocument(doc('ar6.pdf', p, 'pdf', p), opts(), reader, (page) => stamps.push(parseStamp(page.stampLines ?? [], page.docPage)));
    } finally {
      await reader.close();
    }
    assert.deepEqual([stamps[0]!.cipher, stamps[0]!.roles['Н. контр.'], stamps[0]!.roles['Разраб.']], ['133/23-ГК-АР6', 'filled', 'filled'], mode);
  }
});

/** A page whose text layer is Cyrillic put in Latin look-alikes, as a Latin-only OCR leaves a Russian scan. */
const GARBLED = [
  'CMETA HA npoeKTHr,re rr rr3brcKaTeJrbcKrre pa6oTbr',
  'Hauuenonanue npoeKTnoft oprauus aLuuv: OOO «CTpoft»',
  'HarEirtenonanue opraur,r3arlr{rr 3aKa3qr,rKa: MKY «3aKa3quK»',
  'Ilepeveur BbINOJIH.IEMbIX pa6or no npoeKTupoBaHuro o6texra',
  'Ccrrnr<a na o6ocHoBaHue Ns cr4er no t[oprrlarr,r J\\! 1 u 2 ot 12.03.2024',
  'Hapruenonaulre crporrreJrbcrBa r.r HA Tepputopuu r. TroMeHb',
];

test('a text layer that is not text is not read as words: OCR reads the page again, or the page is named unread', async () => {
  const p = join(dir, 'garbled.pdf');
  await writePdf(p, [{ lines: GARBLED }, { lines: ['Вторая страница: площадь застройки — 1 245,0 м²'] }]);
  const off = await extractDocument(doc('garbled.pdf', p, 'pdf', p), { ...opts(), ocr: false });
  assert.equal(off.pages[0]!.source, 'none');
  assert.equal(off.pages[0]!.text, '');
  assert.equal(off.pages[1]!.source, 'text');
  assert.deepEqual(
    off.warnings.map((w) => [w.code, w.page]),
    [['text_layer_not_text', 1]],
  );
  assert.match(off.warnings[0]!.message, /«garbled\.pdf».*с\. 1 не является текстом.*не проверены/);
  if (!(await ocrAvailable(config.tesseractBin))) return;
  const on = await extractDocument(doc('garbled.pdf', p, 'pdf', p), opts());
  assert.notEqual(on.pages[0]!.source, 'text');
  assert.match(on.warnings.find((w) => w.code === 'text_layer_not_text')!.message, /распознаны заново/);
});
