// Reads PDF pages with mupdf in its own process: a malformed PDF may hang or crash the WASM library,
// and the parent can then kill this process without losing the review. Plain .mjs so it needs no loader.
// Pages are pushed to the parent as they are read, at most `window` ahead of what it has consumed, so a busy
// machine does not pay a process round trip per page and memory stays at a few pages.
// Protocol (IPC): {type:'open', path, window, renderPrefix|null} → {type:'opened', pages}, then
//   {type:'page', n, text, width, height, stampLines, rendered} … ; {type:'credit', n} lets n more pages come;
//   {type:'error', n?, message}; {type:'close'} → {type:'closed', maxRssKb}
import { writeFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import { pageText } from './row-pieces.mjs';
import { textLayerState } from './text-layer-rule.mjs';
import { titleBlockLines } from './title-block.mjs';

// Rendering for OCR: about 200 dpi, but never more than this many pixels on the longer side (A1 drawings).
const OCR_SCALE = 200 / 72;
const OCR_MAX_SIDE = 3500;

let doc = null;
let pageCount = 0;

/** Line boxes in reading order, grouped by text block, without per-character callbacks (those are slow in WASM). */
function lineBoxes(st) {
  const blocks = [];
  st.walk({
    beginTextBlock() {
      blocks.push([]);
    },
    beginLine(bbox) {
      blocks[blocks.length - 1]?.push(bbox);
    },
  });
  return blocks;
}

/** Pairs asText() lines with the walked line boxes, block by block; null when their structure differs (then JSON is used). */
function pairLines(text, blocks) {
  const lines = text.split('\n');
  const out = [];
  let i = 0;
  for (const block of blocks) {
    const paired = [];
    for (const bbox of block) {
      if (i >= lines.length) return null;
      paired.push({ text: lines[i++], bbox });
    }
    out.push(paired);
    if (lines[i++] !== '') return null;
  }
  return i >= lines.length - 1 ? out : null;
}

function blocksFromJson(st) {
  return (JSON.parse(st.asJSON()).blocks ?? [])
    .filter((block) => block.type === 'text')
    .map((block) =>
      (block.lines ?? []).map((line) => ({
        text: line.text ?? '',
        bbox: [line.bbox.x, line.bbox.y, line.bbox.x + line.bbox.w, line.bbox.y + line.bbox.h],
      })),
    );
}

function readPage(n, renderTo) {
  const page = doc.loadPage(n - 1);
  const [x0, y0, x1, y1] = page.getBounds();
  const width = x1 - x0;
  const height = y1 - y0;
  const st = page.toStructuredText('preserve-whitespace');
  const blocks = pairLines(st.asText(), lineBoxes(st)) ?? blocksFromJson(st);
  st.destroy?.();
  const text = pageText(blocks);
  const lines = blocks.flat();
  const stampLines = titleBlockLines(lines, x0, y0, width, height);
  let rendered = false;
  const layer = textLayerState(text);
  const misread = layer === 'misread';
  if (renderTo && layer !== 'text') {
    const scale = Math.min(OCR_SCALE, OCR_MAX_SIDE / Math.max(width, height, 1));
    const pix = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false, false);
    writeFileSync(renderTo, pix.asPNG());
    pix.destroy?.();
    rendered = true;
  }
  page.destroy?.();
  return { text, width, height, stampLines, rendered, misread };
}

let next = 1;
let credits = 0;
let renderPrefix = null;
let seq = 0;
let pumping = false;

/** Sends pages while the parent has room for them; yields between pages so credits and close get through. */
function pump() {
  if (pumping) return;
  pumping = true;
  setImmediate(function step() {
    if (!doc || credits <= 0 || next > pageCount) {
      pumping = false;
      return;
    }
    const n = next++;
    credits--;
    try {
      process.send({ type: 'page', seq, n, ...readPage(n, renderPrefix ? `${renderPrefix}-${n}.png` : null) });
    } catch (err) {
      process.send({ type: 'error', seq, n, message: err instanceof Error ? err.message : String(err) });
      pumping = false;
      return;
    }
    setImmediate(step);
  });
}

process.on('message', (msg) => {
  try {
    if (msg.type === 'open') {
      doc?.destroy?.();
      doc = null;
      seq = msg.seq;
      doc = mupdf.Document.openDocument(msg.path, 'application/pdf');
      if (doc.needsPassword()) throw new Error('документ защищён паролем');
      pageCount = doc.countPages();
      next = 1;
      credits = msg.window;
      renderPrefix = msg.renderPrefix ?? null;
      process.send({ type: 'opened', seq, pages: pageCount });
      pump();
    } else if (msg.type === 'credit') {
      if (msg.seq !== seq) return;
      credits += msg.n;
      pump();
    } else if (msg.type === 'close') {
      doc?.destroy?.();
      doc = null;
      process.send({ type: 'closed', maxRssKb: process.resourceUsage().maxRSS }, () => process.exit(0));
    }
  } catch (err) {
    process.send({ type: 'error', seq: msg.seq, message: err instanceof Error ? err.message : String(err) });
  }
});
process.on('disconnect', () => process.exit(0));
