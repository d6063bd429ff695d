// Reads PDF pages with mupdf in its own process: a malformed PDF may hang or crash the WASM library,
// and the parent can then kill this process without losing the review. Plain .mjs so it needs no loader.
// Protocol (IPC, one request at a time): {type:'open', path} → {type:'opened', pages}
//   {type:'page', n, renderTo|null} → {type:'page', n, text, width, height, stampLines, rendered}
import { writeFileSync } from 'node:fs';
import * as mupdf from 'mupdf';

const MM = 72 / 25.4;
// Title block: 185 mm wide, up to 55 mm high, 5 mm from the frame edge; a little slack for CAD exports.
const STAMP_W = 200 * MM;
const STAMP_H = 70 * MM;
// Rendering for OCR: about 200 dpi, but never more than this many pixels on the longer side (A1 drawings).
const OCR_SCALE = 200 / 72;
const OCR_MAX_SIDE = 3500;

let doc = null;

function readPage(n, renderTo) {
  const page = doc.loadPage(n - 1);
  const [x0, y0, x1, y1] = page.getBounds();
  const width = x1 - x0;
  const height = y1 - y0;
  const st = page.toStructuredText('preserve-whitespace');
  const parsed = JSON.parse(st.asJSON());
  st.destroy?.();
  const out = [];
  const stampLines = [];
  for (const block of parsed.blocks ?? []) {
    if (block.type !== 'text') continue;
    for (const line of block.lines ?? []) {
      const t = line.text ?? '';
      out.push(t);
      const b = line.bbox;
      if (b && b.x + b.w > x0 + width - STAMP_W && b.y + b.h > y0 + height - STAMP_H && t.trim()) {
        stampLines.push({ x: b.x - x0, y: b.y - y0, w: b.w, h: b.h, text: t });
      }
    }
    out.push('');
  }
  const text = out.join('\n');
  let rendered = false;
  if (renderTo && text.replace(/\s+/g, '').length < 10) {
    const scale = Math.min(OCR_SCALE, OCR_MAX_SIDE / Math.max(width, height, 1));
    const pix = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false, false);
    writeFileSync(renderTo, pix.asPNG());
    pix.destroy?.();
    rendered = true;
  }
  page.destroy?.();
  return { text, width, height, stampLines, rendered };
}

process.on('message', (msg) => {
  try {
    if (msg.type === 'open') {
      doc?.destroy?.();
      doc = mupdf.Document.openDocument(msg.path, 'application/pdf');
      if (doc.needsPassword()) throw new Error('документ защищён паролем');
      process.send({ type: 'opened', pages: doc.countPages() });
    } else if (msg.type === 'page') {
      process.send({ type: 'page', n: msg.n, ...readPage(msg.n, msg.renderTo) });
    } else if (msg.type === 'close') {
      doc?.destroy?.();
      doc = null;
      process.send({ type: 'closed', maxRssKb: process.resourceUsage().maxRSS });
    }
  } catch (err) {
    process.send({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
});
process.on('disconnect', () => process.exit(0));
