/**
 * One organization's intake work is bounded per node: while it has INTAKE_SLOTS_PER_ORGANIZATION sets being
 * received and unpacked, its next upload waits up to INTAKE_WAIT_MS for a slot and is then answered 429 (nothing
 * read, nothing charged), and another organization's upload goes through meanwhile. A stalled upload over a real
 * socket holds the slot, as a slow or hostile client would.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { envelopeOf, multipartBody, startHarness, type Harness } from './harness.ts';
import { head, rawRequest } from './raw-http.ts';
import { addTenant } from '../helpers/rows.ts';
import { makeSimplePdf } from '../helpers/fixtures.ts';

describe('intake bound per organization', () => {
  let h: Harness;
  let port: number;
  let pdf: Buffer;
  before(async () => {
    h = await startHarness({ INTAKE_SLOTS_PER_ORGANIZATION: '1', INTAKE_WAIT_MS: '0', UPLOAD_IDLE_MS: '2000' });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    port = (h.app.server.address() as AddressInfo).port;
    pdf = await makeSimplePdf(2);
  });
  after(() => h.dispose());

  const upload = (auth: { authorization: string }) =>
    h.app.inject({
      method: 'POST',
      url: '/api/v1/runs',
      headers: { ...auth, 'content-type': 'multipart/form-data; boundary=b0' },
      payload: multipartBody('b0', [{ name: 'files', filename: 'ПЗ.pdf', content: pdf }]),
    });
  const checksOf = async (tenantId: string) =>
    Number((await h.store.db.selectFrom('tenants').select('checks_left').where('id', '=', tenantId).executeTakeFirstOrThrow()).checks_left);

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /**
   * Holds one of the organization's slots with an upload stalled over a real socket and returns the first upload
   * of the organization answered 429 meanwhile, with the stalled request's answer to come. The stalled request
   * holds the slot once its head is read; a probe that got there first makes the stalled one the refused one,
   * and it is sent again.
   */
  async function holdSlotAndProbe(auth: { authorization: string }, bodyBytes: number) {
    for (let attempt = 0; attempt < 20; attempt++) {
      let settled = false;
      const stalled = rawRequest(
        port,
        [
          head('POST', '/api/v1/runs', { ...auth, 'content-type': 'multipart/form-data; boundary=b0', 'content-length': bodyBytes }),
          '--b0\r\nContent-Disposition: form-data; name="files"; filename="a.zip"\r\nContent-Type: application/zip\r\n\r\n',
          Buffer.alloc(64 * 1024, 0x41),
        ],
        { timeoutMs: 20_000 },
      ).finally(() => {
        settled = true;
      });
      await pause(100);
      if (settled) continue;
      const probe = await upload(auth);
      if (probe.statusCode === 429) return { refused: probe, stalled };
      await stalled;
    }
    throw new Error('the stalled upload never held the slot');
  }

  test('a set over the bound is 429 with Retry-After and reads nothing; another organization uploads meanwhile', async () => {
    const other = await addTenant(h.store.db, { checks: 10 });
    const mineBefore = await checksOf(h.tenantId);
    const { refused, stalled } = await holdSlotAndProbe(h.auth, 10 * 1024 * 1024);
    assert.equal(envelopeOf(429, refused.body).error, 'too_many_requests');
    assert.match(envelopeOf(429, refused.body).message, /одновременно \(1\), и место не освободилось/);
    assert.equal(refused.headers['retry-after'], '5');

    const theirsBefore = await checksOf(other.tenantId);
    const theirs = await upload(other.auth);
    assert.equal(theirs.statusCode, 201, theirs.body);
    assert.equal(await checksOf(other.tenantId), theirsBefore - 1);

    const cut = await stalled;
    assert.equal(cut.status, 408, cut.head);
    const charged = (await h.store.db.selectFrom('runs').select('id').where('tenant_id', '=', h.tenantId).execute()).length;
    assert.equal(await checksOf(h.tenantId), mineBefore - charged, 'the refused and the cut sets charged nothing');
    const afterwards = await upload(h.auth);
    assert.equal(afterwards.statusCode, 201, 'the slot is free again once the stalled set is cut');
  });
});

describe('intake bound per organization, with a wait', () => {
  let h: Harness;
  let port: number;
  let pdf: Buffer;
  before(async () => {
    h = await startHarness({ INTAKE_SLOTS_PER_ORGANIZATION: '1', INTAKE_WAIT_MS: '15000', UPLOAD_IDLE_MS: '1500' });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    port = (h.app.server.address() as AddressInfo).port;
    pdf = await makeSimplePdf(2);
  });
  after(() => h.dispose());

  test('a set over the bound waits for the slot and is accepted once the stalled set is cut', async () => {
    let cut = false;
    const stalled = rawRequest(
      port,
      [head('POST', '/api/v1/runs', { ...h.auth, 'content-type': 'multipart/form-data; boundary=b0', 'content-length': 1024 * 1024 }), '--b0\r\n'],
      { timeoutMs: 20_000 },
    ).finally(() => {
      cut = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const waited = await h.app.inject({
      method: 'POST',
      url: '/api/v1/runs',
      headers: { ...h.auth, 'content-type': 'multipart/form-data; boundary=b0' },
      payload: multipartBody('b0', [{ name: 'files', filename: 'ПЗ.pdf', content: pdf }]),
    });
    assert.equal(waited.statusCode, 201, waited.body);
    assert.ok(cut, 'the set was accepted only after the stalled one had been cut');
    assert.equal((await stalled).status, 408);
  });
});
