import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fromRun, fromRunDocument, toRun, toRunDocument, type DocumentRow, type RunRow } from './run-rows.ts';

const runRow: RunRow = {
  id: 'r1',
  tenant_id: 't1',
  status: 'failed',
  stage: 'cancelled',
  stage_text: 'Отменена',
  progress: '{"percent":40,"pages_total":10,"pages_done":4,"elapsed_s":3,"eta_s":4}',
  error: '{"code":"cancelled_by_client","message":"Отменено"}',
  cancelled: 1,
  charged: 1,
  refunded: 1,
  double_volume: 0,
  volume_units: 1,
  user_request: 'Проверить',
  object_address: 'г. Москва',
  bundle_id: 'b1',
  bundle_label: 'Дом',
  bundle_version: 2,
  skipped: '[{"name":"x.exe","reason":"не документ"}]',
  idempotency_key: 'k',
  key_id: 'key1',
  attempts: 1,
  lease_owner: null,
  lease_expires_at: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:01.000Z',
  started_at: null,
  finished_at: '2026-11-01T00:00:01.000Z',
  documents_deleted_at: null,
};

const documentRow: DocumentRow = {
  run_id: 'r1',
  idx: 2,
  name: 'АР.dwg',
  kind: 'АР',
  kind_chosen: 1,
  kind_guess: null,
  role: 'context',
  format: 'dwg',
  size: 10,
  sha256: 'h',
  blob_key: 'runs/r1/docs/2.dwg',
  pdf_blob_key: 'runs/r1/derived/2.pdf',
  pages: 3,
  converted: 1,
  page_from: 4,
  page_to: 6,
  warnings: '["Шрифт заменён"]',
  unread_reason: 'файл не является PDF',
};

test('a run row becomes a Run: 0|1 flags as booleans, progress, error and skipped files parsed', () => {
  const run = toRun(runRow);
  assert.equal(run.tenantId, 't1');
  assert.equal(run.stageText, 'Отменена');
  assert.deepEqual([run.cancelled, run.charged, run.refunded, run.doubleVolume], [true, true, true, false]);
  assert.deepEqual(run.progress, { percent: 40, pages_total: 10, pages_done: 4, elapsed_s: 3, eta_s: 4 });
  assert.deepEqual(run.error, { code: 'cancelled_by_client', message: 'Отменено' });
  assert.deepEqual(run.skipped, [{ name: 'x.exe', reason: 'не документ' }]);
  assert.deepEqual([run.bundleId, run.bundleLabel, run.bundleVersion], ['b1', 'Дом', 2]);
  assert.equal(run.finishedAt, '2026-11-01T00:00:01.000Z');
  assert.equal(toRun({ ...runRow, progress: null, error: null }).progress, null);
});

test('a Run written back is the row it was read from', () => {
  assert.deepEqual(fromRun(toRun(runRow)), runRow);
});

test('a document row becomes a RunDocument with booleans and its warnings parsed, and back', () => {
  const doc = toRunDocument(documentRow);
  assert.deepEqual([doc.kindChosen, doc.converted], [true, true]);
  assert.deepEqual([doc.blobKey, doc.pdfBlobKey, doc.pageFrom, doc.pageTo], ['runs/r1/docs/2.dwg', 'runs/r1/derived/2.pdf', 4, 6]);
  assert.deepEqual(doc.warnings, ['Шрифт заменён']);
  assert.deepEqual(fromRunDocument(doc), documentRow);
});
