import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { REDACTED, redactLogArguments, redactQuerySecrets, secretFreeLogging } from './log-redaction.ts';

test('secret query parameters lose their values, whatever their case; other parameters stay', () => {
  assert.equal(redactQuerySecrets('/api/v1/me?api_key=drs_abc&limit=5'), `/api/v1/me?api_key=${REDACTED}&limit=5`);
  assert.equal(redactQuerySecrets('/x?limit=5&KEY=drs_abc#frag'), `/x?limit=5&KEY=${REDACTED}#frag`);
  assert.equal(redactQuerySecrets('/x?Api-Key=a&token=b;access_token=c'), `/x?Api-Key=${REDACTED}&token=${REDACTED};access_token=${REDACTED}`);
  assert.equal(redactQuerySecrets('/runs?status=done&monkey=1'), '/runs?status=done&monkey=1', 'a name only ending in key is not a secret');
  assert.equal(redactQuerySecrets('no query here'), 'no query here');
});

test('an API key is redacted wherever it stands: a parameter without a name or under any name, the path, percent-encoded', () => {
  const key = 'drs_9fK2-xQ_7bLmN0pRsTuVwXyZ01234567890abcdEF';
  assert.equal(redactQuerySecrets(`/api/v1/me?${key}`), `/api/v1/me?drs_${REDACTED}`);
  assert.equal(redactQuerySecrets(`/api/v1/runs?q=${key}&limit=2`), `/api/v1/runs?q=drs_${REDACTED}&limit=2`);
  assert.equal(redactQuerySecrets(`/api/v1/runs/${key}/findings`), `/api/v1/runs/drs_${REDACTED}/findings`);
  assert.equal(redactQuerySecrets(`/x?drs%5F${key.slice(4)}`), `/x?drs_${REDACTED}`);
  assert.equal(redactQuerySecrets(`Bearer ${key.slice(0, 14)}`), `Bearer drs_${REDACTED}`, 'a key cut short');
  assert.equal(redactQuerySecrets('/api/v1/runs?limit=5'), '/api/v1/runs?limit=5');
  assert.equal(redactQuerySecrets('drs_short'), 'drs_short', 'too short to be a key');
});

test('every string of a log call is redacted, nested ones and error texts too; untouched arguments are kept as they are', () => {
  const clean = { url: '/runs?limit=5' };
  const [a, b, c] = redactLogArguments([{ line: { url: '/me?token=t1' }, list: ['?key=k1'] }, clean, 'GET /me?api_key=k2']) as [
    { line: { url: string }; list: string[] },
    unknown,
    string,
  ];
  assert.equal(a.line.url, `/me?token=${REDACTED}`);
  assert.deepEqual(a.list, [`?key=${REDACTED}`]);
  assert.equal(b, clean);
  assert.equal(c, `GET /me?api_key=${REDACTED}`);
  const [{ err }] = redactLogArguments([{ err: new Error('fetch /x?token=s3cret failed') }]) as [{ err: Error }];
  assert.ok(err instanceof Error);
  assert.doesNotMatch(`${err.message}${err.stack}`, /s3cret/);
});

test('a pino logger with secretFreeLogging writes no secret of a query, in its children either', () => {
  let out = '';
  const sink = new Writable({
    write(chunk, _enc, done) {
      out += chunk;
      done();
    },
  });
  const log = pino({ ...secretFreeLogging, level: 'info' }, sink);
  log.info({ url: '/api/v1/me?api_key=drs_secret1' }, 'request completed');
  log.child({ request_id: 'r' }).warn('refused /cabinet?token=drs_secret2');
  assert.doesNotMatch(out, /drs_secret/);
  assert.match(out, /api_key=\[скрыто\]/);
  assert.match(out, /token=\[скрыто\]/);
});
