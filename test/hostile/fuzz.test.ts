/**
 * Property-based fuzzing (fast-check) of JSON bodies, queries, path ids and multipart text fields: whatever
 * is sent, the answer is not a 5xx, comes in time, and an error is in the envelope. A failure prints the
 * seed and the shrunk input to replay it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { envelopeOf, multipartBody, startHarness, type Harness } from './harness.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const RUN = '00000000-0000-4000-8000-000000000000';

/** Any text, with controls, lone surrogates, RTL and combining marks likely. */
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\u001b', '\ud800', '\u202e', '\u0301', 'й', 'a', ' ', '"', '\\', '%', '/', '\n'), maxLength: 20 }),
  fc.constantFrom('', 'a'.repeat(5000), '__proto__', 'constructor', '-1', '1e999', 'NaN', RUN, RUN.toUpperCase()),
);
const jsonish = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(
    fc.constantFrom('label', 'version', 'snapshot', 'finding_id', 'decision', 'reason', 'request_key', 'feedback_id', 'text', 'status', '__proto__'),
    fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null)),
  ),
);

const JSON_ENDPOINTS = ['/bundles', `/bundles/${RUN}/label`, `/runs/${RUN}/feedback`, '/memory', `/memory/${RUN}/revoke`];
const QUERY_ENDPOINTS = [
  '/runs',
  '/bundles',
  '/memory',
  '/usage',
  '/webhooks/deliveries',
  `/runs/${RUN}/findings`,
  `/runs/${RUN}/report`,
  `/runs/${RUN}/report.pdf`,
];
const ID_ENDPOINTS = ['/runs/{}', '/runs/{}/findings', '/runs/{}/feedback', '/bundles/{}', '/memory/{}', '/runs/{}/report.zip'];

describe('fuzzing', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.dispose());

  /** The invariant of every answer. */
  function wellBehaved(status: number, body: string): void {
    assert.ok(status < 500, `${status}: ${body.slice(0, 300)}`);
    if (status >= 400) envelopeOf(status, body);
  }

  test('JSON bodies: values, raw strings and bytes', { timeout: 300_000 }, async () => {
    const body = fc.oneof(
      jsonish.map((v) => JSON.stringify(v) ?? 'null'),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...JSON_ENDPOINTS), body, async (url, payload) => {
        const r = await h.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { ...h.auth, 'content-type': 'application/json' }, payload });
        wellBehaved(r.statusCode, r.body);
      }),
      { numRuns: RUNS },
    );
  });

  test('queries: any keys and values, repeated keys, raw percent sequences', { timeout: 300_000 }, async () => {
    const pair = fc.tuple(fc.oneof(fc.constantFrom('limit', 'days', 'run_id', 'bundle_id', 'status', 'format', 'section', 'theme'), text), text);
    const rawTail = fc.string({ unit: fc.constantFrom('%', '0', 'F', 'ff', '&', '=', '+', 'a', '[', ']'), maxLength: 30 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...QUERY_ENDPOINTS), fc.array(pair, { maxLength: 5 }), rawTail, async (url, pairs, tail) => {
        const query = pairs
          .map(([k, v]) => `${encodeURIComponent(k.replace(/[\ud800-\udfff]/g, ''))}=${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, ''))}`)
          .join('&');
        const r = await h.app.inject({ method: 'GET', url: `/api/v1${url}?${query}&${tail}`, headers: h.auth });
        wellBehaved(r.statusCode, r.body);
      }),
      { numRuns: RUNS },
    );
  });

  test('path ids: any text in an id segment', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ID_ENDPOINTS), text, async (template, id) => {
        const segment = encodeURIComponent(id.replace(/[\ud800-\udfff]/g, '')) || 'x';
        const r = await h.app.inject({ method: 'GET', url: `/api/v1${template.replace('{}', segment)}`, headers: h.auth });
        wellBehaved(r.statusCode, r.body);
      }),
      { numRuns: RUNS },
    );
  });

  test('multipart text fields of POST /runs: any names and values', { timeout: 300_000 }, async () => {
    const field = fc.record({
      name: fc.oneof(fc.constantFrom('object_address', 'user_request', 'kinds', 'roles', 'bundle_id'), fc.string({ unit: 'grapheme-ascii', maxLength: 10 })),
      content: fc.oneof(
        text,
        jsonish.map((v) => JSON.stringify(v) ?? ''),
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(field, { maxLength: 6 }), async (fields) => {
        const parts = [
          { name: 'files', filename: 'a.pdf', content: '%PDF-1.4\n%%EOF\n' },
          ...fields.map((f) => ({ name: f.name.replace(/["\r\n]/g, ''), content: f.content })),
        ];
        const r = await h.app.inject({
          method: 'POST',
          url: '/api/v1/runs',
          headers: { ...h.auth, 'content-type': 'multipart/form-data; boundary=fz0' },
          payload: multipartBody('fz0', parts),
        });
        wellBehaved(r.statusCode, r.body);
      }),
      { numRuns: Math.ceil(RUNS / 3) },
    );
  });
});
