// Renders one page of a document to PNG with mupdf, in a process of its own started by the service
// (isolation/page-render.ts) in a process group of its own. Plain .mjs so it needs no loader.
//
// The rendering runs in a worker thread, so that this process's main thread stays free to watch it: a hostile
// page can keep mupdf's WebAssembly busy for minutes, and a process whose only thread is busy hears neither
// its parent's death nor a signal handler. The main thread
//   - kills its process group when the service's IPC channel closes (the service died, even by kill -9) or on
//     SIGTERM (the service ending the render),
//   - ends the render over the time limit it was given, in case nobody else does,
//   - ends it when the process's resident memory passes the limit (argv[2], MB): mupdf's WebAssembly memory is
//     outside V8's heap, which the worker's own limit bounds.
// Besides the picture it writes the page's words with their boxes (`words`, JSON): from the text layer, or — for a
// page without one when `ocr` names tesseract — recognised by tesseract from a grey picture of the page, run from
// the worker so that it belongs to this process group and ends with it. With `clip: 'title_block'` it draws only the
// bottom-right corner of the sheet, where the title block (основная надпись) stands (title-block-crop.mjs), at a resolution it can be read.
// Messages: in {type:'page', input, mime, page, longestSide, output, words?, ocr?, clip?, timeoutMs} | {type:'stop'};
// out {type:'ready'}, then {type:'result', result: {kind:'page'} | {kind:'no_such_page', pages} | {kind:'crash', message}}.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { isA4, POINTS_PER_MM as mm } from '../kernel/sheet-size.mjs';
import { titleBlockCrop } from './title-block-crop.mjs';

const WATCH_MS = 50;
/** Words kept of one page at most (a dense A0 drawing has some thousands). */
const MAX_WORDS = 30_000;
/** A title block's smallest letters (2.5 mm) are readable from about 200 dpi. */
const TITLE_BLOCK_DPI = 216;
// Recognition as the review's reading does it (review/extract/pdf-child.mjs): about 200 dpi, at most this many pixels.
const OCR_SCALE = 200 / 72;
const OCR_MAX_SIDE = 3500;
/**
 * A page is drawn with the pixels asked for (`longestSide`: 1,600 px × the viewer's zoom), never past 300 dpi (a scale
 * of 300/72 ≈ 4.17): the resolution a sheet is printed and scanned at, past which a scan has no more detail and a
 * drawing's 0.18 mm lines are already two pixels wide, so an A4 (3,508 px at 300 dpi) is not blown up to 4,800 px for
 * nothing; an A3 and larger reach the pixels asked for (an A2 at zoom 3: 4,800 px, 205 dpi). The longest side is never
 * past `longestSide`, so an A0 at zoom 3 stays 4,800 px (about 16 million pixels) as before. The cabinet's
 * static/page-zoom.js mirrors it (MAX_SCALE).
 */
const MAX_PAGE_SCALE = 300 / 72;

/** A fraction kept to four places (a tenth of a millimetre on an A0 sheet), or a size to the given places. */
const round = (x, places = 4) => Math.round(x * 10 ** places) / 10 ** places;

function killOwnGroup() {
  try {
    process.kill(-process.pid, 'SIGKILL');
  } catch {
    /* not a group leader */
  }
  process.kill(process.pid, 'SIGKILL');
}

if (isMainThread) {
  const memoryMb = Number(process.argv[2]);
  if (!process.send || !Number.isInteger(memoryMb) || memoryMb <= 0) {
    process.stderr.write('started by the service only: page-render-child.mjs <memory MB>, with an IPC channel\n');
    process.exit(2);
  }
  process.on('disconnect', killOwnGroup);
  process.on('SIGTERM', killOwnGroup);
  let started = false;
  process.on('message', (job) => {
    if (job.type === 'stop') process.exit(0);
    if (job.type !== 'page' || started) return;
    started = true;
    let done = false;
    const finish = (result) => {
      if (done) return;
      done = true;
      clearInterval(watch);
      if (deadline) clearTimeout(deadline);
      // The worker may be deep in WebAssembly: the answer goes out, then the process ends without waiting for it.
      process.send({ type: 'result', result }, () => (result.kind === 'crash' ? killOwnGroup() : undefined));
    };
    const worker = new Worker(new URL(import.meta.url), { workerData: job, resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
    const limit = memoryMb * 1024 * 1024;
    const overLimit = { kind: 'crash', message: `page render exceeded its memory limit (${memoryMb} MB)` };
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() > limit) finish(overLimit);
    }, WATCH_MS);
    const deadline = job.timeoutMs > 0 ? setTimeout(() => finish({ kind: 'crash', message: `page render exceeded ${job.timeoutMs} ms` }), job.timeoutMs) : null;
    // checked once more at the end, so that a render quicker than the watch is held to the limit too
    worker.on('message', (result) => finish(process.memoryUsage.rss() > limit ? overLimit : result));
    worker.on('error', (err) => finish(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? overLimit : { kind: 'crash', message: err.message }));
    worker.on('exit', () => finish({ kind: 'crash', message: 'page render ended without an answer' }));
  });
  process.send({ type: 'ready' });
} else {
  const mupdf = await import('mupdf');
  const { readFileSync, writeFileSync, rmSync } = await import('node:fs');
  const { spawnSync } = await import('node:child_process');
  const { input, mime, page: n, longestSide, output, words, ocr, clip, timeoutMs } = workerData;
  const started = Date.now();
  try {
    const doc = mupdf.Document.openDocument(readFileSync(input), mime);
    const count = doc.countPages();
    if (!Number.isInteger(n) || n < 1 || n > count) {
      parentPort.postMessage({ kind: 'no_such_page', pages: count });
    } else {
      const page = doc.loadPage(n - 1);
      const bounds = page.getBounds();
      if (clip === 'title_block') writeFileSync(output, titleBlockPicture(page, bounds).asPNG());
      else {
        const [x0, y0, x1, y1] = bounds;
        // The pixels asked for on the longest side, never past 300 dpi (MAX_PAGE_SCALE).
        const scale = Math.min(MAX_PAGE_SCALE, longestSide / Math.max(x1 - x0, y1 - y0));
        const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
        writeFileSync(output, pixmap.asPNG());
        const found = words ? pageWords(page, bounds) : null;
        if (found) writeFileSync(words, JSON.stringify(found));
      }
      parentPort.postMessage({ kind: 'page' });
    }
  } catch (err) {
    parentPort.postMessage({ kind: 'crash', message: err instanceof Error ? err.message : String(err) });
  }

  /**
   * The corner of the sheet with its title block (title-block-crop.mjs: from the sheet's size in mm; a landscape A4's
   * block along its right edge, turned upright), drawn at a resolution to read it.
   */
  function titleBlockPicture(page, [x0, y0, x1, y1]) {
    const [widthMm, heightMm] = [(x1 - x0) / mm, (y1 - y0) / mm];
    const along = isA4(widthMm, heightMm) && widthMm > heightMm ? landscapeA4Block(page, [x0, y0, x1, y1]) : 'short';
    const c = titleBlockCrop(widthMm, heightMm, along);
    const scale = TITLE_BLOCK_DPI / 72;
    const matrix = mupdf.Matrix.concat(mupdf.Matrix.scale(scale, scale), mupdf.Matrix.rotate(c.rotate));
    const [dx0, dy0, dx1, dy1] = mupdf.Rect.transform([x0 + c.x0 * mm, y0 + c.y0 * mm, x0 + c.x1 * mm, y0 + c.y1 * mm], matrix);
    const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [Math.round(dx0), Math.round(dy0), Math.round(dx1), Math.round(dy1)], false);
    pixmap.clear(255);
    const device = new mupdf.DrawDevice(matrix, pixmap);
    page.run(device, mupdf.Matrix.identity);
    device.close();
    return pixmap;
  }

  /**
   * Where a landscape A4 carries its title block, by its text layer: 'bottom' when its bottom-right corner holds more
   * letters written across than the strip along its right edge holds written upwards; else along the short side, as
   * ГОСТ Р 21.101 has it (a scan without text too).
   */
  function landscapeA4Block(page, [x0, y0, x1, y1]) {
    const side = titleBlockCrop((x1 - x0) / mm, (y1 - y0) / mm, 'short');
    const corner = titleBlockCrop((x1 - x0) / mm, (y1 - y0) / mm, 'bottom');
    const within = (c, x, y) => x >= x0 + c.x0 * mm && x <= x0 + c.x1 * mm && y >= y0 + c.y0 * mm && y <= y0 + c.y1 * mm;
    let upright = 0;
    let across = 0;
    let vertical = false;
    const st = page.toStructuredText('preserve-whitespace');
    st.walk({
      beginLine(_bbox, _wmode, dir) {
        vertical = Math.abs(dir[1]) > Math.abs(dir[0]);
      },
      onChar(c, origin) {
        if (/\s/.test(c)) return;
        if (vertical && within(side, origin[0], origin[1])) upright++;
        else if (!vertical && within(corner, origin[0], origin[1])) across++;
      },
    });
    st.destroy?.();
    return across > upright ? 'bottom' : 'short';
  }

  /**
   * Words of the page with boxes in fractions of its width and height, and the page's size in points; null for a
   * page without a text layer when recognition was not asked for (it is asked for by itself, being slow).
   */
  function pageWords(page, [x0, y0, x1, y1]) {
    const width = x1 - x0;
    const height = y1 - y0;
    const size = { width: round(width, 1), height: round(height, 1) };
    const found = textLayerWords(page, x0, y0, width, height);
    // the rule of hasTextLayer (review/extract/reader-contract.ts): fewer than ten visible characters is no text layer
    if (found.chars >= 10) return { ...size, source: 'text', words: found.words };
    if (!ocr) return null;
    const recognised = recognisedWords(page, width, height);
    return { ...size, source: recognised ? 'ocr' : 'none', words: recognised ?? [] };
  }

  function textLayerWords(page, x0, y0, width, height) {
    const st = page.toStructuredText('preserve-whitespace');
    const out = [];
    let chars = 0;
    let text = '';
    let box = null;
    const end = () => {
      if (text && box && out.length < MAX_WORDS)
        out.push({ t: text, b: [round((box[0] - x0) / width), round((box[1] - y0) / height), round((box[2] - x0) / width), round((box[3] - y0) / height)] });
      text = '';
      box = null;
    };
    st.walk({
      onChar(c, _origin, _font, _size, q) {
        if (/\s/.test(c)) return end();
        chars++;
        text += c;
        const xs = [q[0], q[2], q[4], q[6]];
        const ys = [q[1], q[3], q[5], q[7]];
        const b = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
        box = box ? [Math.min(box[0], b[0]), Math.min(box[1], b[1]), Math.max(box[2], b[2]), Math.max(box[3], b[3])] : b;
      },
      endLine: end,
    });
    end();
    st.destroy?.();
    return { words: out, chars };
  }

  /** Words tesseract reads on a grey picture of the page (as the review's reading renders it), or null when it could not. */
  function recognisedWords(page, width, height) {
    const scale = Math.min(OCR_SCALE, OCR_MAX_SIDE / Math.max(width, height, 1));
    const pix = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false, false);
    const picture = `${output}.ocr.png`;
    writeFileSync(picture, pix.asPNG());
    const [w, h] = [pix.getWidth(), pix.getHeight()];
    pix.destroy?.();
    try {
      const left = timeoutMs > 0 ? timeoutMs - (Date.now() - started) : 0;
      const run = spawnSync(ocr.bin, [picture, '-', '-l', 'rus+eng', 'tsv'], {
        encoding: 'utf8',
        // one thread, as the review's recognition: the machine is shared
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
        maxBuffer: 64 * 1024 * 1024,
        ...(left > 0 ? { timeout: left } : {}),
      });
      return run.status === 0 ? tsvWords(run.stdout, w, h) : null;
    } finally {
      rmSync(picture, { force: true });
    }
  }

  /** Tesseract's TSV: level 5 rows are words, with left, top, width and height in pixels of the picture. */
  function tsvWords(tsv, w, h) {
    const out = [];
    for (const row of tsv.split('\n').slice(1)) {
      const c = row.split('\t');
      const text = c[11]?.trim();
      if (c[0] !== '5' || !text || out.length >= MAX_WORDS) continue;
      const [left, top, cw, ch] = c.slice(6, 10).map(Number);
      out.push({ t: text, b: [round(left / w), round(top / h), round((left + cw) / w), round((top + ch) / h)] });
    }
    return out;
  }
}
