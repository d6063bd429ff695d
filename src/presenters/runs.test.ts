import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DocumentRow, Run } from '../store/schema.ts';
import { documentsDeletedView, runBody, runListView, statusBody } from './runs.ts';

const run = (over: Partial<Run> = {}): Run => ({
  id: 'r1',
  tenant_id: 't1',
  status: 'queued',
  stage: 'queued',
  stage_text: 'В очереди',
  progress: null,
  error: null,
  cancelled: 0,
  charged: 1,
  refunded: 0,
  double_volume: 0,
  volume_units: 1,
  user_request: null,
  object_address: 'г. Москва',
  bundle_id: null,
  bundle_label: null,
  bundle_version: null,
  skipped: JSON.stringify([{ name: 'x.exe', reason: 'не документ' }]),
  idempotency_key: null,
  key_id: 'k1',
  attempts: 0,
  lease_owner: null,
  lease_expires_at: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  started_at: null,
  finished_at: null,
  documents_deleted_at: null,
  ...over,
});

const doc: DocumentRow = {
  run_id: 'r1',
  idx: 1,
  name: 'ПЗ.pdf',
  kind: 'ПЗ',
  kind_chosen: 0,
  kind_guess: 'ПЗ',
  role: 'review',
  format: 'pdf',
  size: 10,
  sha256: 'h',
  blob_key: 'b',
  pdf_blob_key: null,
  pages: 3,
  converted: 0,
  page_from: 1,
  page_to: 3,
  warnings: '[]',
};

test('the Run resource turns 0|1 flags into booleans and parses the stored lists', () => {
  const body = runBody(run({ double_volume: 1, bundle_id: 'b1', bundle_label: 'Дом', bundle_version: 2 }), [doc], 4);
  assert.equal(body.double_volume, true);
  assert.deepEqual(body.bundle, { bundle_id: 'b1', label: 'Дом', version: 2 });
  assert.deepEqual(body.skipped, [{ name: 'x.exe', reason: 'не документ' }]);
  assert.equal(body.documents[0]!.index, 1);
  assert.equal(body.documents[0]!.kind_chosen, false);
  assert.equal(body.checks_left, 4);
  assert.deepEqual(body.object, { address: 'г. Москва', works: null });
});

test('error and refunded appear only on a failed run; a failure without a stored error still has a code', () => {
  const queued = statusBody(run(), [], 1);
  assert.ok(!('error' in queued) && !('refunded' in queued));
  const failed = statusBody(run({ status: 'failed', refunded: 1, error: null }), [], 1);
  assert.equal(failed.refunded, true);
  assert.equal(typeof failed.error?.code, 'string');
  const progress = { percent: 40, pages_total: 10, pages_done: 4, elapsed_s: 3, eta_s: 4 };
  assert.deepEqual(statusBody(run({ status: 'running', progress: JSON.stringify(progress) }), [], 1).progress, progress);
  assert.equal(statusBody(run({ documents_deleted_at: '2026-11-02T00:00:00.000Z' }), [], 1).documents_deleted, true);
});

test('the runs list gives each run its own documents and keeps the limit', () => {
  const list = runListView([run(), run({ id: 'r2' })], new Map([['r1', [doc]]]), 2, 20);
  assert.deepEqual(
    list.runs.map((r) => r.documents.length),
    [1, 0],
  );
  assert.equal(list.limit, 20);
  assert.deepEqual(documentsDeletedView(run(), 'now'), { run_id: 'r1', documents_deleted: true, deleted_at: 'now' });
});
