// The contract both PDF readers keep: the native MuPDF tool (when installed) and mupdf's WebAssembly build must
// give the review the same pages, text and title blocks, and fail the same way.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { announceDocuments, listingSections, MutoolPdfReader, mutoolAvailable } from '../../src/review/extract/mutool-reader.ts';
import { PdfReadError, type PdfReader, type RawPdfPage } from '../../src/review/extract/pdf-reader.ts';
import { WasmPdfReader } from '../../src/review/extract/wasm-reader.ts';
import { parseStamp } from '../../src/review/facts/stamp.ts';
import { FULL_ROLES, writePdf } from './fixtures.ts';

let dir = '';
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'drs-readers-'));
  await writePdf(join(dir, 'set.pdf'), [
    {
      lines: ['Раздел 4 «Конструктивные решения»', 'Этажность – 9; см. лист 2 и «кавычки» \\ обратная черта'],
      stamp: { cipher: '24-017-КР', sheet: 1, sheets: 3, roles: FULL_ROLES },
    },
    { lines: ['Вторая страница'], stamp: { cipher: '24-017-КР', sheet: 2, short: true } },
    { lines: [] },
  ]);
  // the same sheets turned (/Rotate 90) and cropped (/CropBox), as CAD exports often are
  const pdf = mupdf.Document.openDocument(join(dir, 'set.pdf'), 'application/pdf').asPDF()!;
  pdf.findPage(0).put('Rotate', 90);
  const crop = pdf.newArray();
  for (const v of [20, 30, 500, 800]) crop.push(v);
  pdf.findPage(1).put('CropBox', crop);
  pdf.save(join(dir, 'turned.pdf'), 'garbage');
  pdf.save(join(dir, 'locked.pdf'), 'encrypt=aes-256,user-password=secret,owner-password=owner');
  await writeFile(join(dir, 'broken.pdf'), '%PDF-1.7\n1 0 obj << /Type /Catalog >>\ngarbage without xref');
});
after(() => rm(dir, { recursive: true, force: true }));

const readers: { name: string; make: () => PdfReader; available: () => Promise<boolean> }[] = [
  { name: 'native mutool', make: () => new MutoolPdfReader(), available: mutoolAvailable },
  { name: 'WebAssembly', make: () => new WasmPdfReader(), available: async () => true },
];

async function readAll(reader: PdfReader, path: string, renderPrefix: string | null = null, timeoutMs = 20_000): Promise<RawPdfPage[]> {
  const pages: RawPdfPage[] = [];
  try {
    await reader.read(path, { timeoutMs, renderPrefix }, (n, p) => {
      pages[n - 1] = p;
    });
  } finally {
    await reader.close();
  }
  return pages;
}

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

for (const r of readers) {
  test(`${r.name}: pages, text, sizes and title blocks`, async (t) => {
    if (!(await r.available())) return t.skip('mutool (mupdf-tools) is not installed');
    const pages = await readAll(r.make(), join(dir, 'set.pdf'));
    assert.equal(pages.length, 3);
    assert.match(flat(pages[0]!.text), /Этажность – 9; см\. лист 2 и «кавычки» \\ обратная черта/);
    assert.equal(Math.round(pages[0]!.width), 595);
    assert.equal(Math.round(pages[0]!.height), 842);
    const stamp = parseStamp(pages[0]!.stampLines, 1);
    assert.deepEqual([stamp.cipher, stamp.sheet, stamp.sheets, stamp.roles['Н. контр.']], ['24-017-КР', 1, 3, 'filled']);
    assert.equal(parseStamp(pages[1]!.stampLines, 2).sheet, 2);
    assert.equal(flat(pages[2]!.text), '');
  });

  test(`${r.name}: turned and cropped sheets keep their laid-out size`, async (t) => {
    if (!(await r.available())) return t.skip('mutool (mupdf-tools) is not installed');
    const pages = await readAll(r.make(), join(dir, 'turned.pdf'));
    assert.deepEqual(
      pages.map((p) => [Math.round(p.width), Math.round(p.height)]),
      [
        [842, 595],
        [480, 770],
        [595, 842],
      ],
    );
  });

  test(`${r.name}: a page without text is rendered for recognition when asked`, async (t) => {
    if (!(await r.available())) return t.skip('mutool (mupdf-tools) is not installed');
    const prefix = join(dir, `ocr-${r.name.replace(/\W/g, '')}`);
    const pages = await readAll(r.make(), join(dir, 'set.pdf'), prefix);
    assert.deepEqual(
      pages.map((p) => p.rendered),
      [false, false, true],
    );
    assert.ok((await stat(`${prefix}-3.png`)).size > 0);
  });

  test(`${r.name}: damaged, locked and slow documents fail with a reason instead of a crash`, async (t) => {
    if (!(await r.available())) return t.skip('mutool (mupdf-tools) is not installed');
    const broken = await readAll(r.make(), join(dir, 'broken.pdf')).catch((e: unknown) => e);
    // a file with nothing to repair is either no pages or an error, never a crash of the review
    if (Array.isArray(broken)) assert.equal(broken.length, 0);
    else assert.ok(broken instanceof PdfReadError);
    const locked = await readAll(r.make(), join(dir, 'locked.pdf')).catch((e: unknown) => e);
    assert.ok(locked instanceof PdfReadError);
    assert.match(locked.message, /паролем/);
    // a document too slow to read: a 1 ms deadline would race the real tool on a busy machine, so the native reader
    // meets a stand-in that lists the pages and never draws them; the WebAssembly reader cannot even start in 1 ms
    const native = r.name === 'native mutool';
    if (native) await fakeMutool(t, 'hang-bin', 3, ['exec sleep 30']);
    const slow = await readAll(r.make(), join(dir, 'set.pdf'), null, native ? 300 : 1).catch((e: unknown) => e);
    assert.ok(slow instanceof PdfReadError && slow.timedOut, String(slow));
  });
}

test('both readers give the review the same text and the same title-block facts', async (t) => {
  if (!(await mutoolAvailable())) return t.skip('mutool (mupdf-tools) is not installed');
  for (const file of ['set.pdf', 'turned.pdf']) {
    const native = await readAll(new MutoolPdfReader(), join(dir, file));
    const wasm = await readAll(new WasmPdfReader(), join(dir, file));
    assert.deepEqual(
      native.map((p) => flat(p.text)),
      wasm.map((p) => flat(p.text)),
      file,
    );
    // the two MuPDF versions may cut a row of the title block into lines differently; what is read from it must
    // agree (on upright sheets: sideways text in a turned test sheet is no title block either reader should trust)
    const stamps = (ps: RawPdfPage[]) => ps.map((p, i) => parseStamp(p.stampLines, i + 1));
    if (file === 'set.pdf') assert.deepEqual(stamps(native), stamps(wasm), file);
  }
});

test('native mutool: short documents read side by side lose no output, however fast the tool exits', async (t) => {
  if (!(await mutoolAvailable())) return t.skip('mutool (mupdf-tools) is not installed');
  for (let round = 0; round < 15; round++) {
    const counts = await Promise.all(
      [1, 2, 3].map(() => new MutoolPdfReader().read(join(dir, 'set.pdf'), { timeoutMs: 20_000, renderPrefix: null }, () => {})),
    );
    assert.deepEqual(counts, [3, 3, 3], `round ${round}`);
  }
});

test('native mutool: a set announced ahead is sized in one listing; a file it cannot open still fails alone', async (t) => {
  if (!(await mutoolAvailable())) return t.skip('mutool (mupdf-tools) is not installed');
  const files = ['set.pdf', 'locked.pdf', 'turned.pdf'].map((f) => join(dir, f));
  const forget = announceDocuments(files, 20_000);
  try {
    const read = (p: string) =>
      readAll(new MutoolPdfReader(), p).then(
        (ps) => ps.map((x) => [Math.round(x.width), Math.round(x.height)]),
        (e: unknown) => e,
      );
    assert.deepEqual(await read(files[0]!), [
      [595, 842],
      [595, 842],
      [595, 842],
    ]);
    const locked = await read(files[1]!);
    assert.ok(locked instanceof PdfReadError && /паролем/.test(locked.message));
    assert.deepEqual(await read(files[2]!), [
      [842, 595],
      [480, 770],
      [595, 842],
    ]);
  } finally {
    forget();
  }
});

test('sections of a listing of several files: complete, and cut short by a file that could not be opened', () => {
  const page = (n: number, r: number) => `<page pagenum="${n}">\n<MediaBox l="0" b="0" r="${r}" t="100" />\n</page>\n`;
  const listing = `a.pdf:\n${page(1, 10)}${page(2, 20)}b c.pdf:\n${page(1, 30)}`;
  assert.deepEqual(listingSections(listing, ['a.pdf', 'b c.pdf'], true), [
    [
      { width: 10, height: 100 },
      { width: 20, height: 100 },
    ],
    [{ width: 30, height: 100 }],
  ]);
  // the tool stopped at «bad.pdf»: its header is there without pages, «c.pdf» is not listed at all
  assert.deepEqual(listingSections(`a.pdf:\n${page(1, 10)}bad.pdf:\n`, ['a.pdf', 'bad.pdf', 'c.pdf'], false), [[{ width: 10, height: 100 }], null, null]);
});

/**
 * Puts a stand-in `mutool` first on PATH for one test: `pages` lists `pages` A4 pages for each file named,
 * `draw` runs `draw` (a shell script; "$@" are the tool's arguments).
 */
async function fakeMutool(t: { after: (fn: () => void) => void }, name: string, pages: number, draw: string[]): Promise<string> {
  const bin = join(dir, name);
  await mkdir(bin, { recursive: true });
  const listing = Array.from({ length: pages }, (_, i) => `<page pagenum="${i + 1}">\\n<MediaBox l="0" b="0" r="595" t="842" />\\n</page>\\n`).join('');
  await writeFile(
    join(bin, 'mutool'),
    ['#!/bin/sh', `if [ "$1" = pages ]; then shift; for f in "$@"; do printf '%s:\\n${listing}' "$f"; done; exit 0; fi`, ...draw].join('\n'),
    { mode: 0o755 },
  );
  const path = process.env.PATH;
  process.env.PATH = `${bin}:${path}`;
  t.after(() => {
    process.env.PATH = path;
  });
  return bin;
}

const STAND_IN_PAGE =
  '{"blocks":[{"type":"text","lines":[{"wmode":0,"bbox":{"x":70,"y":60,"w":100,"h":11},"font":{"name":"F","family":"serif","weight":"normal","style":"normal","size":10},"x":70,"y":69,"text":"Страница"}]}]}';

test('native mutool: a tool that dribbles a page forever is stopped at the deadline, naming the page', async (t) => {
  // one page listed, then the page written a byte at a time and never ended
  await fakeMutool(t, 'slow-bin', 1, ['printf \'{"file":"x","pages":[{"blocks":[\'', 'while true; do printf " "; sleep 0.05; done']);
  const started = Date.now();
  const err = await new MutoolPdfReader().read(join(dir, 'set.pdf'), { timeoutMs: 400, renderPrefix: null }, () => {}).catch((e: unknown) => e);
  assert.ok(err instanceof PdfReadError && err.timedOut, String(err));
  assert.equal(err.page, 1);
  assert.ok(Date.now() - started < 5000, 'stopped near the deadline');
});

test('native mutool: a tool that fails after some pages keeps them and names the page it stopped at', async (t) => {
  const page = STAND_IN_PAGE;
  await fakeMutool(t, 'crash-bin', 3, [
    `printf '%s' '{"file":"x","pages":[${page},${page},'`,
    'echo "warning: ICC support is not available" >&2',
    'echo "error: syntax error in content stream" >&2',
    'exit 1',
  ]);
  const got: string[] = [];
  const err = await new MutoolPdfReader()
    .read(join(dir, 'set.pdf'), { timeoutMs: 20_000, renderPrefix: null }, (_n, p) => {
      got.push(p.text.trim());
    })
    .catch((e: unknown) => e);
  assert.deepEqual(got, ['Страница', 'Страница']);
  assert.ok(err instanceof PdfReadError && !err.timedOut);
  assert.equal(err.page, 3);
  assert.equal(err.message, 'syntax error in content stream');
});

test('native mutool: planned documents are read by one process in a row; a file it cannot open fails alone', async (t) => {
  if (!(await mutoolAvailable())) return t.skip('mutool (mupdf-tools) is not installed');
  const files = ['set.pdf', 'turned.pdf', 'locked.pdf', 'set.pdf', 'turned.pdf'].map((f) => join(dir, f));
  const forget = announceDocuments(files, 20_000);
  const reader = new MutoolPdfReader();
  reader.plan(files);
  try {
    const got: unknown[] = [];
    for (const f of files) {
      const sizes: number[][] = [];
      got.push(
        await reader
          .read(f, { timeoutMs: 20_000, renderPrefix: null }, (_n, p) => {
            sizes.push([Math.round(p.width), Math.round(p.height)]);
          })
          .then(
            (n) => ({ n, sizes, first: null }),
            (e: unknown) => (e instanceof PdfReadError ? e.message : e),
          ),
      );
    }
    const upright = {
      n: 3,
      sizes: [
        [595, 842],
        [595, 842],
        [595, 842],
      ],
      first: null,
    };
    const turned = {
      n: 3,
      sizes: [
        [842, 595],
        [480, 770],
        [595, 842],
      ],
      first: null,
    };
    assert.deepEqual(got, [upright, turned, 'документ защищён паролем', upright, turned]);
  } finally {
    forget();
    await reader.close();
  }
});

test('native mutool: a planned run that fails inside a document blames that document and reads the next afresh', async (t) => {
  // the stand-in writes three pages for each file, but only one for a file named bad*.pdf, and then fails
  const bin = await fakeMutool(t, 'run-bin', 3, [
    'echo run >> "$(dirname "$0")/runs.log"',
    'shift 7; printf \'{"file":"x","pages":[\'; sep=""',
    'for f in "$@"; do',
    `  case "$f" in *bad*) printf '%s%s' "$sep" '${STAND_IN_PAGE}'; echo "error: cannot draw '$f'" >&2; exit 1;; esac`,
    `  for i in 1 2 3; do printf '%s%s' "$sep" '${STAND_IN_PAGE}'; sep=","; done`,
    'done',
    "printf ']}'",
  ]);
  const files = ['a.pdf', 'b.pdf', 'bad.pdf', 'c.pdf', 'd.pdf'].map((f) => join(dir, f));
  const forget = announceDocuments(files, 20_000);
  const reader = new MutoolPdfReader();
  reader.plan(files);
  try {
    const got: unknown[] = [];
    for (const f of files) {
      let pages = 0;
      got.push(
        await reader
          .read(f, { timeoutMs: 20_000, renderPrefix: null }, () => {
            pages++;
          })
          .then(
            (n) => [n, pages],
            (e: unknown) => (e instanceof PdfReadError ? [e.message, e.page, pages] : e),
          ),
      );
    }
    assert.deepEqual(got, [
      [3, 3],
      [3, 3],
      [`cannot draw '${files[2]}'`, 2, 1],
      [3, 3],
      [3, 3],
    ]);
    // one process for a, b and bad.pdf, one more for c and d
    assert.equal((await readFile(join(bin, 'runs.log'), 'utf8')).trim().split('\n').length, 2);
  } finally {
    forget();
    await reader.close();
  }
});
