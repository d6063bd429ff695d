import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signBody } from './signature.ts';

test('known-answer vector: RFC 4231 test case 2 (key "Jefe")', () => {
  assert.equal(signBody('what do ya want for nothing?', 'Jefe'), 'sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
});

test('known-answer vector over a notification body (computed with openssl dgst -sha256 -hmac)', () => {
  const body =
    '{"event":"run.finished","run_id":"3f1c2a9e-0d4b-4c7e-9a51-6b2f8e0d1c11","tenant_id":"t-1","api_version":"v1",' +
    '"at":"2026-11-22T00:00:00.000+00:00","status":"done","findings":7,"refunded":false,"pages_total":120,"checks_left":41}';
  assert.equal(signBody(body, 'whsec_test'), 'sha256=ca2bdecc58561a25a1c7bc137adbd82d5150b0ad209a5b2a4279aa2afb7f7813');
});

test('string and Buffer of the same bytes sign the same; Cyrillic text is signed as UTF-8 bytes', () => {
  assert.equal(signBody('проверка', 's'), signBody(Buffer.from('проверка', 'utf8'), 's'));
  assert.notEqual(signBody('проверка', 's'), signBody(Buffer.from('проверка', 'latin1'), 's'));
});

test('any change of body or secret changes the signature; the format is lowercase hex', () => {
  const a = signBody('{"a":1}', 'secret');
  assert.match(a, /^sha256=[0-9a-f]{64}$/);
  assert.notEqual(a, signBody('{"a":1} ', 'secret'));
  assert.notEqual(a, signBody('{"a":1}', 'secret2'));
});
