import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serializeBody, type WebhookBody } from './body.ts';
import { verifyWebhook, WebhookDeduplicator } from './receiver.ts';
import { signBody } from './signature.ts';

const at = '2026-11-22T00:00:00.000+00:00';
const now = new Date('2026-11-22T00:01:00.000Z');
const body: WebhookBody = {
  event: 'run.failed',
  run_id: 'run-1',
  tenant_id: 'ten-1',
  api_version: 'v1',
  at,
  status: 'failed',
  findings: 0,
  refunded: true,
  pages_total: 12,
  checks_left: 3,
};
const raw = serializeBody(body);
const secret = 'whsec_receiver';

test('a correctly signed fresh body is accepted (Buffer, any header case, array header)', () => {
  const sig = signBody(raw, secret);
  const r = verifyWebhook(Buffer.from(raw), { 'x-svc-signature': sig }, secret, { now });
  assert.deepEqual(r, { ok: true, event: body });
  assert.equal(verifyWebhook(raw, { 'X-SVC-Signature': sig }, secret, { now }).ok, true);
  assert.equal(verifyWebhook(raw, { 'x-svc-signature': [sig] }, secret, { now }).ok, true);
});

test('wrong secret, altered body, uppercase hex, missing or truncated header → bad_signature', () => {
  const sig = signBody(raw, secret);
  const bad = { ok: false, reason: 'bad_signature' };
  assert.deepEqual(verifyWebhook(raw, { 'x-svc-signature': signBody(raw, 'other') }, secret, { now }), bad);
  assert.deepEqual(verifyWebhook(raw.replace('"findings":0', '"findings":1'), { 'x-svc-signature': sig }, secret, { now }), bad);
  assert.deepEqual(verifyWebhook(raw, { 'x-svc-signature': sig.toUpperCase() }, secret, { now }), bad);
  assert.deepEqual(verifyWebhook(raw, {}, secret, { now }), bad);
  assert.deepEqual(verifyWebhook(raw, { 'x-svc-signature': undefined }, secret, { now }), bad);
  assert.deepEqual(verifyWebhook(raw, { 'x-svc-signature': sig.slice(0, -1) }, secret, { now }), bad);
  assert.deepEqual(verifyWebhook(raw, { 'x-svc-signature': '' }, secret, { now }), bad);
});

test('a signed body older (or newer) than the tolerance is stale — replay protection', () => {
  const sig = { 'x-svc-signature': signBody(raw, secret) };
  assert.deepEqual(verifyWebhook(raw, sig, secret, { now: new Date('2026-11-22T00:05:01.000Z') }), { ok: false, reason: 'stale' });
  assert.equal(verifyWebhook(raw, sig, secret, { now: new Date('2026-11-22T00:05:00.000Z') }).ok, true);
  assert.deepEqual(verifyWebhook(raw, sig, secret, { now, toleranceSeconds: 30 }), { ok: false, reason: 'stale' });
  assert.deepEqual(verifyWebhook(raw, sig, secret, { now: new Date('2026-11-21T23:54:00.000Z') }), { ok: false, reason: 'stale' });
});

test('a correctly signed body that is not a notification → bad_body', () => {
  for (const text of ['not json', '[]', '{"event":"run.other"}', JSON.stringify({ ...body, findings: -1 }), JSON.stringify({ ...body, at: 'yesterday' })]) {
    assert.deepEqual(verifyWebhook(text, { 'x-svc-signature': signBody(text, secret) }, secret, { now }), {
      ok: false,
      reason: 'bad_body',
    });
  }
});

test('the deduplicator passes each (run_id, event) once and forgets the oldest beyond capacity', () => {
  const d = new WebhookDeduplicator(2);
  assert.equal(d.firstTime({ run_id: 'a', event: 'run.finished' }), true);
  assert.equal(d.firstTime({ run_id: 'a', event: 'run.finished' }), false);
  assert.equal(d.firstTime({ run_id: 'a', event: 'run.failed' }), true);
  assert.equal(d.firstTime({ run_id: 'b', event: 'run.finished' }), true);
  assert.equal(d.firstTime({ run_id: 'a', event: 'run.failed' }), false);
  assert.equal(d.firstTime({ run_id: 'a', event: 'run.finished' }), true, 'evicted as the oldest');
});
