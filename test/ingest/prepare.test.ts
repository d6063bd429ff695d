import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import iconv from 'iconv-lite';
import { execFileSync } from 'node:child_process';
import { access, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Converter, PdfReader, assignPageNumbers, detectTools, prepareDocument, sniffFile } from '../../src/ingest/index.ts';
import type { DocFormat } from '../../src/ingest/types.ts';
import { JPEG_MIN, XML_PZ, writeDocx, writeDocxWithPagesProperty, writePdf, writeXlsx } from './documents.ts';
import { tempDir } from './helpers.ts';

const reader = new PdfReader();
after(() => reader.close());
const T = 30_000;

test('PDF: exact page count and first-page text from the child process', async () => {
  const dir = await tempDir();
  const pdf = join(dir, 'kr.pdf');
  await writePdf(pdf, 3, 'Конструктивные решения');
  const r = await prepareDocument({ path: pdf, format: 'pdf', name: 'kr.pdf' }, join(dir, 'w'), { timeoutMs: T, pdfReader: reader });
  assert.equal(r.pages, 3);
  assert.equal(r.converted, false);
  assert.equal(r.pdfPath, pdf);
  assert.deepEqual(r.warnings, []);
  assert.match(r.firstPageText ?? '', /Конструктивные решения/);
});

test('a broken PDF or one that is read too long gets pages null and a warning; the next document still works', async () => {
  const dir = await tempDir();
  const broken = join(dir, 'broken.pdf');
  await writeFile(broken, '%PDF-1.7\nthis is not a pdf at all\n');
  const b = await prepareDocument({ path: broken, format: 'pdf', name: 'broken.pdf' }, dir, { timeoutMs: T, pdfReader: reader });
  assert.equal(b.pages, null);
  assert.match(b.warnings[0]!, /broken\.pdf.*не является PDF/);
  const good = join(dir, 'good.pdf');
  await writePdf(good, 2);
  // A FIFO with no writer blocks the reader forever: a deterministic stand-in for a PDF that hangs the library.
  const hanging = join(dir, 'hanging.pdf');
  execFileSync('mkfifo', [hanging]);
  const slow = await prepareDocument({ path: hanging, format: 'pdf', name: 'hanging.pdf' }, dir, { timeoutMs: 1000, pdfReader: reader });
  assert.equal(slow.pages, null);
  assert.match(slow.warnings[0]!, /слишком много времени/);
  const again = await prepareDocument({ path: good, format: 'pdf', name: 'good.pdf' }, dir, { timeoutMs: T, pdfReader: reader });
  assert.equal(again.pages, 2);
  const locked = join(dir, 'locked.pdf');
  await writePdf(locked, 2, 'Секрет', 0, 'SECRET');
  const l = await prepareDocument({ path: locked, format: 'pdf', name: 'locked.pdf' }, dir, { timeoutMs: T, pdfReader: reader });
  assert.equal(l.pages, null);
  assert.match(l.warnings[0]!, /защищён паролем/);
});

test('a reader child killed between two documents is replaced without losing the next document', async () => {
  const dir = await tempDir();
  const pdf = join(dir, 'a.pdf');
  await writePdf(pdf, 2);
  const own = new PdfReader();
  try {
    assert.equal((await own.read(pdf, T)).pages, 2);
    process.kill(own.pid!, 'SIGKILL');
    assert.equal((await own.read(pdf, T)).pages, 2);
  } finally {
    own.close();
  }
});

test('without LibreOffice: Word and Excel pages come from their metadata or size, with a Russian warning', async () => {
  const dir = await tempDir();
  const withProp = join(dir, 'pz.docx');
  await writeDocxWithPagesProperty(withProp, 7);
  const a = await prepareDocument({ path: withProp, format: 'docx', name: 'pz.docx' }, dir, { timeoutMs: T, converter: null, pdfReader: reader });
  assert.equal(a.pages, 7);
  assert.equal(a.converted, false);
  assert.equal(a.pdfPath, null);
  assert.match(a.warnings.join(' '), /LibreOffice не установлен/);
  assert.match(a.warnings.join(' '), /из его свойств/);

  const plain = join(dir, 'plain.docx');
  await writeDocx(plain, 2);
  const b = await prepareDocument({ path: plain, format: 'docx', name: 'plain.docx' }, dir, { timeoutMs: T, converter: null, pdfReader: reader });
  assert.ok(b.pages !== null && b.pages >= 1);
  assert.match(b.warnings.join(' '), /оценено по размеру/);
  assert.match(b.firstPageText ?? '', /^Пояснительная записка, лист 1\n/, 'the opening text still reaches the classifier');

  const xlsx = join(dir, 'sm.xlsx');
  await writeXlsx(xlsx, ['ССР', 'ОСР', 'ЛСР']);
  const c = await prepareDocument({ path: xlsx, format: 'xlsx', name: 'sm.xlsx' }, dir, { timeoutMs: T, converter: null, pdfReader: reader });
  assert.equal(c.pages, 3);
});

test('images are one page, XML is one page and hands its head to the classifier', async () => {
  const dir = await tempDir();
  const jpg = join(dir, 'a.jpg');
  await writeFile(jpg, JPEG_MIN);
  const i = await prepareDocument({ path: jpg, format: 'jpeg', name: 'a.jpg' }, dir, { timeoutMs: T, pdfReader: reader });
  assert.deepEqual([i.pages, i.converted, i.pdfPath], [1, false, null]);
  const xml = join(dir, 'pz.xml');
  await writeFile(xml, XML_PZ);
  const x = await prepareDocument({ path: xml, format: 'xml', name: 'pz.xml' }, dir, { timeoutMs: T, pdfReader: reader });
  assert.equal(x.pages, 1);
  assert.match(x.firstPageText ?? '', /ExplanatoryNote/);
  // the head is read in the encoding the file declares: UTF-16 without a mark, windows-1251
  const text = XML_PZ.toString('utf8');
  const utf16 = join(dir, 'pz16.xml');
  await writeFile(utf16, Buffer.from(text.replace('UTF-8', 'UTF-16'), 'utf16le'));
  const u = await prepareDocument({ path: utf16, format: 'xml', name: 'pz16.xml' }, dir, { timeoutMs: T, pdfReader: reader });
  assert.match(u.firstPageText ?? '', /<ExplanatoryNote SchemaVersion="01\.07"><Title>ПЗ<\/Title>/);
  const cp1251 = join(dir, 'pz1251.xml');
  await writeFile(cp1251, iconv.encode(text.replace('UTF-8', 'windows-1251'), 'windows-1251'));
  const w = await prepareDocument({ path: cp1251, format: 'xml', name: 'pz1251.xml' }, dir, { timeoutMs: T, pdfReader: reader });
  assert.match(w.firstPageText ?? '', /<Title>ПЗ<\/Title>/);
  // an encoding that cannot be read still shows its root element to the classifier; the review says why it is not read
  const unknown = join(dir, 'pzx.xml');
  await writeFile(unknown, Buffer.from(text.replace('UTF-8', 'x-unknown')));
  const n = await prepareDocument({ path: unknown, format: 'xml', name: 'pzx.xml' }, dir, { timeoutMs: T, pdfReader: reader });
  assert.match(n.firstPageText ?? '', /<ExplanatoryNote SchemaVersion/);
});

test('with LibreOffice: DOCX converts to PDF with exact pages; DOC and XLS are recognised and converted', async (t) => {
  const { soffice } = await detectTools();
  if (!soffice) return t.skip('soffice (LibreOffice) is not installed: conversion cannot be tested here');
  const dir = await tempDir();
  // restartEvery: 1 — every conversion after the first starts with a fresh profile (observable below).
  const converter = new Converter({ soffice, profileRoot: join(dir, 'profiles'), restartEvery: 1 });
  t.after(() => converter.close());
  const docx = join(dir, 'pz.docx');
  await writeDocx(docx, 2);
  const r = await prepareDocument({ path: docx, format: 'docx', name: 'pz.docx' }, join(dir, 'w1'), { timeoutMs: 120_000, converter, pdfReader: reader });
  assert.equal(r.converted, true, r.warnings.join('; '));
  assert.equal(r.pages, 2);
  await access(r.pdfPath!);
  assert.deepEqual(await readdir(join(dir, 'profiles')), ['lo-profile-0']);

  // Legacy formats made from the modern ones by LibreOffice itself, with a separate profile.
  const xlsx = join(dir, 'sm.xlsx');
  await writeXlsx(xlsx, ['Лист1']);
  const profile = `-env:UserInstallation=file://${join(dir, 'fixture-profile')}`;
  execFileSync(soffice, ['--headless', profile, '--convert-to', 'doc', '--outdir', dir, docx], { stdio: 'ignore', timeout: 120_000 });
  execFileSync(soffice, ['--headless', profile, '--convert-to', 'xls', '--outdir', dir, xlsx], { stdio: 'ignore', timeout: 120_000 });
  assert.deepEqual(await sniffFile(join(dir, 'pz.doc')), { kind: 'document', format: 'doc' });
  assert.deepEqual(await sniffFile(join(dir, 'sm.xls')), { kind: 'document', format: 'xls' });
  const doc = await prepareDocument({ path: join(dir, 'pz.doc'), format: 'doc', name: 'pz.doc' }, join(dir, 'w2'), {
    timeoutMs: 120_000,
    converter,
    pdfReader: reader,
  });
  assert.equal(doc.converted, true, doc.warnings.join('; '));
  assert.equal(doc.pages, 2);
  assert.deepEqual(await readdir(join(dir, 'profiles')), ['lo-profile-1'], 'the used profile was replaced');
  const docNoLo = await prepareDocument({ path: join(dir, 'pz.doc'), format: 'doc', name: 'pz.doc' }, dir, {
    timeoutMs: T,
    converter: null,
    pdfReader: reader,
  });
  assert.ok(docNoLo.pages !== null && docNoLo.pages >= 1);
});

test('a conversion that exceeds its time is killed and reported; the document falls back to an estimate', async (t) => {
  const { soffice } = await detectTools();
  if (!soffice) return t.skip('soffice (LibreOffice) is not installed');
  const dir = await tempDir();
  const converter = new Converter({ soffice, profileRoot: join(dir, 'profiles') });
  t.after(() => converter.close());
  const docx = join(dir, 'pz.docx');
  await writeDocxWithPagesProperty(docx, 4);
  const r = await prepareDocument({ path: docx, format: 'docx', name: 'pz.docx' }, join(dir, 'w'), { timeoutMs: 50, converter, pdfReader: reader });
  assert.equal(r.converted, false);
  assert.equal(r.pages, 4);
  assert.match(r.warnings.join(' '), /не удалось преобразовать в PDF: преобразование не завершилось/);
});

test('a mixed set gets running page numbers; an unreadable document gets nulls and does not shift the rest', async () => {
  const dir = await tempDir();
  const files: [string, DocFormat][] = [
    ['kr.pdf', 'pdf'],
    ['photo.jpg', 'jpeg'],
    ['broken.pdf', 'pdf'],
    ['pz.xml', 'xml'],
    ['sm.xlsx', 'xlsx'],
    ['ar.pdf', 'pdf'],
  ];
  await writePdf(join(dir, 'kr.pdf'), 3);
  await writeFile(join(dir, 'photo.jpg'), JPEG_MIN);
  await writeFile(join(dir, 'broken.pdf'), '%PDF-1.4\ngarbage');
  await writeFile(join(dir, 'pz.xml'), XML_PZ);
  await writeXlsx(join(dir, 'sm.xlsx'), ['ССР', 'ЛСР']);
  await writePdf(join(dir, 'ar.pdf'), 2);
  const pages: (number | null)[] = [];
  for (const [name, format] of files) {
    pages.push((await prepareDocument({ path: join(dir, name), format, name }, join(dir, 'w'), { timeoutMs: T, converter: null, pdfReader: reader })).pages);
  }
  assert.deepEqual(pages, [3, 1, null, 1, 2, 2]);
  assert.deepEqual(assignPageNumbers(pages), [
    { page_from: 1, page_to: 3 },
    { page_from: 4, page_to: 4 },
    { page_from: null, page_to: null },
    { page_from: 5, page_to: 5 },
    { page_from: 6, page_to: 7 },
    { page_from: 8, page_to: 9 },
  ]);
});
