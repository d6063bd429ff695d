/**
 * Consistency of acceptance and lookups: roles as the contract means them (folders do not force a role
 * on loose files), UUIDs in any case on every endpoint, names in NFC before they become keys, and
 * nosniff on every answer.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { makeSimplePdf, makeZip } from '../helpers/fixtures.ts';
import { envelopeOf, type multipartBody, startHarness, uploadRun, type Harness } from './harness.ts';

describe('consistency', () => {
  let h: Harness;
  let pdf: Buffer;
  before(async () => {
    h = await startHarness();
    pdf = await makeSimplePdf(1);
  });
  after(() => h.dispose());

  const upload = (parts: Parameters<typeof multipartBody>[1]) => uploadRun(h, parts);

  test('a loose file next to a ZIP with Context/ and Reviews/ is reviewed, not refused', async () => {
    const zip = await makeZip([
      { name: 'Context/ГПЗУ.pdf', content: pdf },
      { name: 'Reviews/24-017-КР.pdf', content: pdf },
    ]);
    const r = await upload([
      { name: 'files', filename: '24-017-ПЗ.pdf', content: pdf },
      { name: 'files', filename: 'комплект.zip', content: zip },
    ]);
    assert.equal(r.statusCode, 201, r.body);
    const roles = Object.fromEntries(r.json().documents.map((d: { name: string; role: string }) => [d.name, d.role]));
    assert.deepEqual(roles, { '24-017-ПЗ.pdf': 'review', 'Context/ГПЗУ.pdf': 'context', 'Reviews/24-017-КР.pdf': 'review' });
  });

  test('a roles field that marks a document context still needs every document listed', async () => {
    const r = await upload([
      { name: 'files', filename: 'a.pdf', content: pdf },
      { name: 'files', filename: 'b.pdf', content: pdf },
      { name: 'roles', content: JSON.stringify({ 'a.pdf': 'context' }) },
    ]);
    const d = envelopeOf(r.statusCode, r.body);
    assert.equal(d.file, 'b.pdf');
  });

  test('the same name in NFC and NFD becomes two distinct NFC names; an NFD key in kinds names the first', async () => {
    const nfc = 'Й-АР.pdf'.normalize('NFC');
    const nfd = 'Й-АР.pdf'.normalize('NFD');
    const r = await upload([
      { name: 'files', filename: nfc, content: pdf },
      { name: 'files', filename: nfd, content: pdf },
      { name: 'kinds', content: JSON.stringify({ [nfd]: 'КР' }) },
    ]);
    assert.equal(r.statusCode, 201, r.body);
    const docs = r.json().documents as { name: string; kind: string | null; kind_chosen: boolean }[];
    assert.deepEqual(
      docs.map((d) => d.name),
      [nfc, 'Й-АР (2).pdf'.normalize('NFC')],
    );
    assert.equal(docs[0]!.kind, 'КР');
    assert.equal(docs[0]!.kind_chosen, true);
  });

  test('an upper-case run id works on /runs/{id} and on /webhooks/deliveries?run_id=', async () => {
    const created = await upload([{ name: 'files', filename: 'x.pdf', content: pdf }]);
    const id = (created.json().run_id as string).toUpperCase();
    const status = await h.app.inject({ method: 'GET', url: `/api/v1/runs/${id}`, headers: h.auth });
    assert.equal(status.statusCode, 200);
    const deliveries = await h.app.inject({ method: 'GET', url: `/api/v1/webhooks/deliveries?run_id=${id}`, headers: h.auth });
    assert.equal(deliveries.statusCode, 200, deliveries.body);
    const missing = await h.app.inject({ method: 'GET', url: `/api/v1/webhooks/deliveries?run_id=${randomUUID().toUpperCase()}`, headers: h.auth });
    assert.equal(envelopeOf(missing.statusCode, missing.body).error, 'not_found');
  });

  test('an upper-case bundle_id is the same bundle, in a path and in a form field', async () => {
    const bundle = await h.app.inject({
      method: 'POST',
      url: '/api/v1/bundles',
      headers: { ...h.auth, 'content-type': 'application/json' },
      payload: { label: 'Объект 1' },
    });
    const upper = (bundle.json().bundle_id as string).toUpperCase();
    assert.equal((await h.app.inject({ method: 'GET', url: `/api/v1/bundles/${upper}`, headers: h.auth })).statusCode, 200);
    const run = await upload([
      { name: 'files', filename: 'y.pdf', content: pdf },
      { name: 'bundle_id', content: upper },
    ]);
    assert.equal(run.statusCode, 201, run.body);
    assert.equal(run.json().bundle.bundle_id, upper.toLowerCase());
  });

  test('every answer, success or error, carries X-Content-Type-Options: nosniff', async () => {
    for (const url of ['/api/v1/me', '/api/v1/runs/00000000-0000-0000-0000-000000000000', `/api/v1/runs/${'z'.repeat(500)}`, '/api/v1/nowhere']) {
      const r = await h.app.inject({ method: 'GET', url, headers: h.auth });
      assert.equal(r.headers['x-content-type-options'], 'nosniff', url);
    }
  });
});
