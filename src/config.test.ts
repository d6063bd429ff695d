import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig, readingSettingsOf } from './config.ts';

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

test("page pictures: slots, the share per organization, the render child's limits and how long failures are remembered", () => {
  const defaults = loadConfig({});
  assert.deepEqual(
    [defaults.pageRenderSlots, defaults.pageRendersPerOrganization, defaults.pageRenderMemoryMb, defaults.pageRenderTimeoutMs, defaults.pageRenderFailureTtlMs],
    [2, 12, 512, 30_000, 600_000],
  );
  const set = loadConfig({
    PAGE_RENDER_SLOTS: '4',
    PAGE_RENDERS_PER_ORGANIZATION: '3',
    PAGE_RENDER_MEMORY_MB: '256',
    PAGE_RENDER_TIMEOUT_MS: '5000',
    PAGE_RENDER_FAILURE_TTL_MS: '0',
  });
  assert.deepEqual(
    [set.pageRenderSlots, set.pageRendersPerOrganization, set.pageRenderMemoryMb, set.pageRenderTimeoutMs, set.pageRenderFailureTtlMs],
    [4, 3, 256, 5000, 0],
  );
  assert.throws(() => loadConfig({ PAGE_RENDER_SLOTS: '0' }), /PAGE_RENDER_SLOTS must be a positive integer/);
  assert.throws(() => loadConfig({ PAGE_RENDERS_PER_ORGANIZATION: '0' }), /PAGE_RENDERS_PER_ORGANIZATION must be a positive integer/);
  assert.throws(() => loadConfig({ PAGE_RENDER_TIMEOUT_MS: '0' }), /PAGE_RENDER_TIMEOUT_MS must be a positive integer/);
  assert.throws(() => loadConfig({ PAGE_RENDER_MEMORY_MB: '16' }), /PAGE_RENDER_MEMORY_MB must be at least 32/);
});

test('the review reading settings come from the configuration: readers, tesseract binary, document timeout', () => {
  const config = loadConfig({ REVIEW_READERS: '3', TESSERACT_BIN: '/opt/tesseract', DOCUMENT_TIMEOUT_MS: '5000', PDF_READER: 'wasm', XSD_DIR: '/opt/xsd' });
  assert.deepEqual(readingSettingsOf(config), { timeoutMs: 5000, readers: 3, pdfReader: 'wasm', tesseractBin: '/opt/tesseract', xsdDir: '/opt/xsd' });
  // the official schemas are installed by the operator; by default beside the data (the project ships none)
  assert.equal(loadConfig({ DATA_DIR: '/srv/drs' }).xsdDir, '/srv/drs/xsd', 'the folder under DATA_DIR unless XSD_DIR names another');
  assert.equal(loadConfig({}).tesseractBin, 'tesseract');
  assert.ok(loadConfig({}).reviewReaders >= 1 && loadConfig({}).reviewReaders <= 2);
  assert.throws(() => loadConfig({ REVIEW_READERS: '0' }), /REVIEW_READERS must be a positive integer/);
});

test('S3 connection settings are read with the rest: region falls back to AWS_REGION, credentials only as a pair', () => {
  assert.deepEqual(loadConfig({}).s3, { endpoint: null, region: 'us-east-1', forcePathStyle: false, credentials: null });
  const s3 = loadConfig({
    S3_ENDPOINT: 'http://minio:9000',
    AWS_REGION: 'eu-central-1',
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: 'id',
    AWS_SECRET_ACCESS_KEY: 'secret',
  }).s3;
  assert.deepEqual(s3, {
    endpoint: 'http://minio:9000',
    region: 'eu-central-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
  });
  assert.equal(loadConfig({ S3_REGION: 'ru-1', AWS_REGION: 'eu-central-1', AWS_ACCESS_KEY_ID: 'id' }).s3.region, 'ru-1');
  assert.equal(loadConfig({ AWS_ACCESS_KEY_ID: 'id' }).s3.credentials, null);
});

test('metrics: off the API port unless a token is set; a port of their own; the free space readiness asks for', () => {
  const defaults = loadConfig({});
  assert.deepEqual([defaults.metricsPort, defaults.metricsHost, defaults.metricsToken, defaults.readyMinFreeMb], [null, '127.0.0.1', null, 256]);
  const set = loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 'a-long-enough-token', READY_MIN_FREE_MB: '0' });
  assert.deepEqual([set.metricsPort, set.metricsHost, set.metricsToken, set.readyMinFreeMb], [9464, '0.0.0.0', 'a-long-enough-token', 0]);
  assert.throws(() => loadConfig({ METRICS_TOKEN: 'short' }), /METRICS_TOKEN must be at least 16/);
  assert.throws(() => loadConfig({ METRICS_PORT: 'nine' }), /METRICS_PORT/);
});

test('bounds of work on request: report, register and preview slots, the share per organization and the queue per slot', () => {
  const defaults = loadConfig({});
  assert.deepEqual(
    [defaults.reportBuildSlots, defaults.registerBuildSlots, defaults.reportBuildsPerOrganization, defaults.archivePreviewSlots, defaults.workQueuePerSlot],
    [2, 2, 4, 2, 8],
  );
  const set = loadConfig({
    REPORT_BUILD_SLOTS: '1',
    REGISTER_BUILD_SLOTS: '3',
    REPORT_BUILDS_PER_ORGANIZATION: '6',
    ARCHIVE_PREVIEW_SLOTS: '4',
    WORK_QUEUE_PER_SLOT: '2',
  });
  assert.deepEqual(
    [set.reportBuildSlots, set.registerBuildSlots, set.reportBuildsPerOrganization, set.archivePreviewSlots, set.workQueuePerSlot],
    [1, 3, 6, 4, 2],
  );
  assert.throws(() => loadConfig({ REGISTER_BUILD_SLOTS: '0' }), /REGISTER_BUILD_SLOTS/);
  assert.throws(() => loadConfig({ WORK_QUEUE_PER_SLOT: 'many' }), /WORK_QUEUE_PER_SLOT/);
});
