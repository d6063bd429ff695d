import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toDecision } from './feedback.ts';
import { toMemoryNote } from './memory.ts';
import { toBundle } from './bundles.ts';

test('a feedback row becomes a decision with camelCase fields', () => {
  const decision = toDecision({
    id: 'f1',
    tenant_id: 't1',
    run_id: 'r1',
    snapshot: 's1',
    finding_id: 'F-1',
    actor: 'key:abc',
    decision: 'rejected',
    reason: 'Не относится к разделу',
    reason_code: 'out_of_scope',
    employee_id: 'emp-7',
    version: 2,
    request_key: 'rk-1',
    request_hash: 'hash-1',
    created_at: '2026-11-21T10:00:00.000Z',
    carried_from: 'f0',
  });
  assert.deepEqual(decision, {
    id: 'f1',
    tenantId: 't1',
    runId: 'r1',
    snapshot: 's1',
    findingId: 'F-1',
    actor: 'key:abc',
    decision: 'rejected',
    reason: 'Не относится к разделу',
    reasonCode: 'out_of_scope',
    employeeId: 'emp-7',
    version: 2,
    requestKey: 'rk-1',
    requestHash: 'hash-1',
    createdAt: '2026-11-21T10:00:00.000Z',
    carriedFrom: 'f0',
  });
});

test('a memory_notes row becomes a memory note', () => {
  const note = toMemoryNote({
    id: 'n1',
    tenant_id: 't1',
    feedback_id: 'f1',
    bundle_id: 'b1',
    run_id: 'r1',
    finding_id: 'F-1',
    text: 'Учитывать отступление по СП',
    content_hash: 'c1',
    status: 'revoked',
    version: 3,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-22T10:00:00.000Z',
  });
  assert.deepEqual(note, {
    id: 'n1',
    tenantId: 't1',
    feedbackId: 'f1',
    bundleId: 'b1',
    runId: 'r1',
    findingId: 'F-1',
    text: 'Учитывать отступление по СП',
    contentHash: 'c1',
    status: 'revoked',
    version: 3,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
  });
});

test('a bundles row becomes a bundle', () => {
  const bundle = toBundle({
    id: 'b1',
    tenant_id: 't1',
    label: 'ЖК «Северный»',
    version: 4,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-23T10:00:00.000Z',
  });
  assert.deepEqual(bundle, {
    id: 'b1',
    tenantId: 't1',
    label: 'ЖК «Северный»',
    version: 4,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
  });
});
