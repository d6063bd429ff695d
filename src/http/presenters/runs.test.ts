import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Run, RunDocument } from '../../kernel/model/runs.ts';
import { documentsDeletedView, runBody, runListView, statusBody } from './runs.ts';

const run = (over: Partial<Run> = {}): Run => ({
  id: 'r1',
  tenantId: 't1',
  status: 'queued',
  stage: 'queued',
  stageText: 'В очереди',
  progress: null,
  error: null,
  cancelled: false,
  charged: true,
  refunded: false,
  doubleVolume: false,
  volumeUnits: 1,
  userRequest: null,
  objectAddress: 'г. Москва',
  bundleId: null,
  bundleLabel: null,
  bundleVersion: null,
  skipped: [{ name: 'x.exe', reason: 'не документ' }],
  idempotencyKey: null,
  keyId: 'k1',
  attempts: 0,
  leaseOwner: null,
  leaseExpiresAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  documentsDeletedAt: null,
  ...over,
});

const doc: RunDocument = {
  runId: 'r1',
  idx: 1,
  name: 'ПЗ.pdf',
  kind: 'ПЗ',
  kindChosen: false,
  kindGuess: 'ПЗ',
  role: 'review',
  format: 'pdf',
  size: 10,
  sha256: 'h',
  blobKey: 'b',
  pdfBlobKey: null,
  pages: 3,
  converted: false,
  pageFrom: 1,
  pageTo: 3,
  warnings: [],
  unreadReason: null,
};

test('the Run resource names the fields as the contract does and shows the bundle snapshot', () => {
  const body = runBody(run({ doubleVolume: true, bundleId: 'b1', bundleLabel: 'Дом', bundleVersion: 2 }), [doc], 4);
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
  const failed = statusBody(run({ status: 'failed', refunded: true, error: null }), [], 1);
  assert.equal(failed.refunded, true);
  assert.equal(typeof failed.error?.code, 'string');
  const progress = { percent: 40, pages_total: 10, pages_done: 4, elapsed_s: 3, eta_s: 4 };
  assert.deepEqual(statusBody(run({ status: 'running', progress }), [], 1).progress, progress);
  assert.equal(statusBody(run({ documentsDeletedAt: '2026-11-02T00:00:00.000Z' }), [], 1).documents_deleted, true);
});

test('documents_unread names the documents of which nothing was read, and is absent when every document was read', () => {
  assert.ok(!('documents_unread' in statusBody(run({ status: 'done' }), [doc], 1)));
  const broken = { ...doc, idx: 2, name: 'АР.pdf', unreadReason: 'файл не является PDF' };
  assert.deepEqual(statusBody(run({ status: 'done' }), [doc, broken], 1).documents_unread, [{ index: 2, name: 'АР.pdf', reason: 'файл не является PDF' }]);
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
