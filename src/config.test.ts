import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from './config.ts';

test('PDF_READER chooses the native reader when installed (auto) or always the WebAssembly one; anything else is refused', () => {
  assert.equal(loadConfig({}).pdfReader, 'auto');
  assert.equal(loadConfig({ PDF_READER: 'auto' }).pdfReader, 'auto');
  assert.equal(loadConfig({ PDF_READER: 'wasm' }).pdfReader, 'wasm');
  assert.throws(() => loadConfig({ PDF_READER: 'poppler' }), /PDF_READER must be "auto" or "wasm"/);
});
