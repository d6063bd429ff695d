import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractDocument } from '../../src/review/extract/index.ts';

test('without tesseract an image is reported as unreadable, naming the document', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'drs-noocr-'));
  try {
    const r = await extractDocument(
      { index: 4, name: 'фото фасада.jpg', kind: null, role: 'review', format: 'jpeg', path: join(dir, 'x.jpg'), pdfPath: null, pages: 1, pageFrom: 1 },
      // a tesseract that is not there, as on a server without it
      { workDir: dir, timeoutMs: 5000, ocr: true, tesseractBin: '/nonexistent/tesseract', pdfReader: 'auto' },
    );
    assert.deepEqual(
      r.pages.map((p) => p.source),
      ['none'],
    );
    assert.equal(r.warnings[0]!.code, 'ocr_unavailable');
    assert.equal(r.warnings[0]!.doc_index, 4);
    assert.match(r.warnings[0]!.message, /«фото фасада\.jpg».*недоступно/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
