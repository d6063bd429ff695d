import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from './config.ts';

test('PDF_READER chooses the native reader when installed (auto) or always the WebAssembly one; anything else is refused', () => {
  assert.equal(loadConfig({}).pdfReader, 'auto');
  assert.equal(loadConfig({ PDF_READER: 'auto' }).pdfReader, 'auto');
  assert.equal(loadConfig({ PDF_READER: 'wasm' }).pdfReader, 'wasm');
  assert.throws(() => loadConfig({ PDF_READER: 'poppler' }), /PDF_READER must be "auto" or "wasm"/);
});

test('numbers are read from the environment given, with their defaults: upload idle limit and request timeout', () => {
  assert.equal(loadConfig({}).uploadIdleMs, 30_000);
  assert.equal(loadConfig({ UPLOAD_IDLE_MS: '500' }).uploadIdleMs, 500);
  assert.equal(loadConfig({ REQUEST_TIMEOUT_MS: '0' }).requestTimeoutMs, 0);
  assert.throws(() => loadConfig({ UPLOAD_IDLE_MS: 'soon' }), /UPLOAD_IDLE_MS/);
});

test('limits of the child process of a run: memory, processing time and PDF rebuild time', () => {
  const defaults = loadConfig({});
  assert.equal(defaults.runMemoryMb, 1024);
  assert.equal(defaults.runTimeoutMs, 3_600_000);
  assert.equal(defaults.pdfBuildTimeoutMs, 300_000);
  assert.equal(loadConfig({ RUN_MEMORY_MB: '256', RUN_TIMEOUT_MS: '0' }).runMemoryMb, 256);
  assert.equal(loadConfig({ RUN_TIMEOUT_MS: '0' }).runTimeoutMs, 0);
  assert.throws(() => loadConfig({ RUN_MEMORY_MB: '16' }), /RUN_MEMORY_MB must be at least 32/);
  assert.throws(() => loadConfig({ RUN_MEMORY_MB: '1g' }), /RUN_MEMORY_MB/);
});
