// Renders one page of a document to PNG with mupdf in a process of its own: a malformed file may hang or crash
// the WASM library, and the server then only kills this process. Plain .mjs so it needs no loader.
// argv: <input path> <mime type> <page, from 1> <longest side in pixels> <output path>
import { readFileSync, writeFileSync } from 'node:fs';
import * as mupdf from 'mupdf';

const [input, mime, pageArg, sideArg, output] = process.argv.slice(2);
const doc = mupdf.Document.openDocument(readFileSync(input), mime);
const n = Number(pageArg);
if (!Number.isInteger(n) || n < 1 || n > doc.countPages()) {
  process.stderr.write(`page ${pageArg} out of 1..${doc.countPages()}`);
  process.exit(3);
}
const page = doc.loadPage(n - 1);
const [x0, y0, x1, y1] = page.getBounds();
// Never more than 2× (144 dpi for a PDF) so a small page stays sharp, never more than the side for A1 sheets.
const scale = Math.min(2, Number(sideArg) / Math.max(x1 - x0, y1 - y0));
const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
writeFileSync(output, pixmap.asPNG());
