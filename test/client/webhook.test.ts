/** verifyWebhook: the signature scheme of docs/webhooks.md, checked in constant time over the raw bytes. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { signBody } from '../../src/notify/signature.ts';
import { verifyWebhook, webhookSignature } from '../../client/src/index.ts';

const SECRET = 'whsec_проверка';
const BODY = Buffer.from(
  '{"event":"run.finished","run_id":"3f1c2a9e-0d4b-4c7e-9a51-6b2f8e0d1c11","tenant_id":"t","api_version":"v1","at":"2026-11-22T00:00:00.000+00:00","status":"done","findings":7,"refunded":false,"pages_total":120,"checks_left":41}',
);

test('the known answer of RFC 4231 test case 2, as in docs/webhooks.md', () => {
  assert.equal(webhookSignature('what do ya want for nothing?', 'Jefe'), 'sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
});

test("the service's own signature is accepted, as a string, bytes or a repeated header", () => {
  const header = signBody(BODY, SECRET);
  assert.equal(verifyWebhook(BODY, header, SECRET), true);
  assert.equal(verifyWebhook(BODY.toString('utf8'), header, SECRET), true);
  assert.equal(verifyWebhook(new Uint8Array(BODY), [header, 'sha256=00'], SECRET), true);
});

test('a changed body, a changed signature, another secret and a missing header are refused', () => {
  const header = signBody(BODY, SECRET);
  const changedBody = Buffer.from(BODY.toString('utf8').replace('"findings":7', '"findings":8'));
  assert.equal(verifyWebhook(changedBody, header, SECRET), false);
  const last = header.at(-1) === '0' ? '1' : '0';
  assert.equal(verifyWebhook(BODY, header.slice(0, -1) + last, SECRET), false);
  assert.equal(verifyWebhook(BODY, header.toUpperCase(), SECRET), false);
  assert.equal(verifyWebhook(BODY, header.slice(0, -2), SECRET), false, 'a shorter signature');
  assert.equal(verifyWebhook(BODY, header, 'another secret'), false);
  assert.equal(verifyWebhook(BODY, undefined, SECRET), false);
  assert.equal(verifyWebhook(BODY, null, SECRET), false);
  assert.equal(verifyWebhook(BODY, '', SECRET), false);
  assert.equal(verifyWebhook(BODY, [], SECRET), false);
});
