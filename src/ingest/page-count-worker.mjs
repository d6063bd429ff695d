// Child process that opens PDFs with mupdf (WASM): page count and the first page's text. Kept apart
// from the service because malformed PDFs can hang or exhaust a PDF library; the parent kills this
// process on timeout. Plain JavaScript, so it starts without a TypeScript loader.
import { readFile } from 'node:fs/promises';
import * as mupdf from 'mupdf';

const TEXT_LIMIT = 8000;

process.on('message', async (msg) => {
  try {
    const data = await readFile(msg.path);
    const doc = mupdf.Document.openDocument(data, 'application/pdf');
    try {
      if (doc.needsPassword()) {
        process.send({ id: msg.id, error: 'encrypted' });
        return;
      }
      const pages = doc.countPages();
      let text = null;
      if (msg.withText && pages > 0) {
        const page = doc.loadPage(0);
        text = page.toStructuredText('preserve-whitespace').asText().slice(0, TEXT_LIMIT);
        page.destroy();
      }
      process.send({ id: msg.id, pages, text });
    } finally {
      doc.destroy();
    }
  } catch (e) {
    process.send({ id: msg.id, error: e?.message ? e.message : String(e) });
  }
});
