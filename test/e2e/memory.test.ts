/**
 * Memory notes end to end: proposals from decisions of runs in a bundle, repeats and conflicting content,
 * runs without a bundle, revoke with versions, tenant isolation, parallel proposals — and proof that notes
 * are never applied: the same set reviewed again after a note exists yields the same findings.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { Client, errorDetail } from '../helpers/client.ts';
import { publishSet } from '../feedback/published-set.ts';
import { documentedBy, type AssertDocumented } from '../feedback/documented.ts';

describe('memory notes', () => {
  let server: InProcessServer;
  let api: Client;
  let foreign: Client;
  let bundleId: string;
  let bundled: { runId: string; result: any };
  let loose: { runId: string; result: any };
  let assertDocumented: AssertDocumented;

  /** Records a decision on finding i of a published run and returns its feedback_id. */
  async function decisionOn(client: Client, published: { runId: string; result: any }, i: number): Promise<string> {
    const r = await client.post(`/runs/${published.runId}/feedback`, {
      snapshot: published.result.feedback_snapshot,
      finding_id: published.result.findings[i].finding_id,
      decision: 'rejected',
      reason: 'Ссылка на СНиП оставлена намеренно: расчёт выполнен до 2016 года',
      version: 0,
      request_key: randomUUID(),
    });
    assert.equal(r.status, 201, r.text);
    const history = await client.get(`/runs/${published.runId}/feedback`);
    assert.ok(
      history.json.history.some((d: any) => d.feedback_id === r.json.feedback_id),
      'the id is the one of GET /runs/{id}/feedback',
    );
    return r.json.feedback_id;
  }

  before(async () => {
    server = await startApp({ worker: true });
    assertDocumented = await documentedBy(server.baseUrl);
    api = new Client(server.baseUrl, (await server.createOrg({ checks: 6 })).api_key);
    foreign = new Client(server.baseUrl, (await server.createOrg({ checks: 2 })).api_key);
    bundleId = (await api.post('/bundles', { label: 'ЖК «Северный»' })).json.bundle_id;
    bundled = await publishSet(api, { bundle_id: bundleId });
    loose = await publishSet(api);
  });
  after(() => server.stop());

  test('a proposal from a decision of a bundled run is a candidate (201); the same proposal returns it (200); other content is 409', async () => {
    const feedbackId = await decisionOn(api, bundled, 0);
    const first = await api.post('/memory', { feedback_id: feedbackId });
    assert.equal(first.status, 201, first.text);
    assert.equal(first.json.status, 'candidate');
    assert.equal(first.json.version, 1);
    assert.equal(first.json.feedback_id, feedbackId);
    assert.equal(first.json.bundle_id, bundleId);
    assert.equal(first.json.run_id, bundled.runId);
    assert.ok(first.json.text.includes(bundled.result.findings[0].essence), first.json.text);
    const again = await api.post('/memory', { feedback_id: feedbackId });
    assert.equal(again.status, 200);
    assert.deepEqual(again.json, first.json);
    const other = await api.post('/memory', { feedback_id: feedbackId, text: 'Всегда допускать ссылки на СНиП' });
    assert.equal(other.status, 409);
    assert.equal(errorDetail(other).error, 'memory_already_proposed');
    assertDocumented('post', '/memory', first);
    assertDocumented('post', '/memory', again);
    assertDocumented('post', '/memory', other);

    const withText = await api.post('/memory', {
      feedback_id: await decisionOn(api, bundled, 1),
      text: 'Для проекта ЖК «Северный» расчёты выполнены до 2016 года',
    });
    assert.equal(withText.status, 201);
    assert.equal(withText.json.text, 'Для проекта ЖК «Северный» расчёты выполнены до 2016 года');
  });

  test('a decision of a run without a bundle is 422; unknown and foreign decisions are 404; bad bodies are 422 or 415', async () => {
    const noBundle = await api.post('/memory', { feedback_id: await decisionOn(api, loose, 0) });
    assert.equal(noBundle.status, 422);
    assert.match(errorDetail(noBundle).message, /пакет/);
    const unknown = await api.post('/memory', { feedback_id: randomUUID() });
    assert.equal(unknown.status, 404);
    assert.equal(errorDetail(unknown).error, 'not_found');
    const theirs = await foreign.post('/memory', { feedback_id: await decisionOn(api, bundled, 2) });
    assert.equal(theirs.status, 404);
    assert.equal((await api.post('/memory', {})).status, 422);
    assert.equal((await api.post('/memory', { feedback_id: await decisionOn(api, bundled, 3), text: '  ' })).status, 422);
    const form = await fetch(`${server.baseUrl}/memory`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.key}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'feedback_id=x',
    });
    assert.equal(form.status, 415);
  });

  test("GET /memory lists the organization's notes with automatic_application false; other organizations see none of them", async () => {
    const mine = await api.get('/memory');
    assert.equal(mine.status, 200);
    assertDocumented('get', '/memory', mine);
    assert.equal(mine.json.automatic_application, false);
    assert.ok(mine.json.notes.length >= 2);
    assert.ok(mine.json.notes.every((n: any) => n.bundle_id === bundleId));
    const filtered = await api.get(`/memory?bundle_id=${bundleId}&status=candidate`);
    assert.ok(filtered.json.notes.every((n: any) => n.status === 'candidate'));
    const theirs = await foreign.get('/memory');
    assert.deepEqual(theirs.json, { notes: [], automatic_application: false });
    assert.equal((await foreign.get(`/memory/${mine.json.notes[0].note_id}`)).status, 404);
  });

  test('revoke: status must be revoked (422), the version current (409); it becomes revoked with version 2; foreign notes are 404', async () => {
    const note = (await api.post('/memory', { feedback_id: await decisionOn(api, bundled, 4) })).json;
    const wrong = await api.post(`/memory/${note.note_id}/revoke`, { status: 'confirmed', version: 1 });
    assert.equal(wrong.status, 422);
    assert.match(errorDetail(wrong).message, /revoked/);
    const stale = await api.post(`/memory/${note.note_id}/revoke`, { status: 'revoked', version: 2 });
    assert.equal(stale.status, 409);
    assert.equal(errorDetail(stale).error, 'version_conflict');
    const theirs = await foreign.post(`/memory/${note.note_id}/revoke`, { status: 'revoked', version: 1 });
    assert.equal(theirs.status, 404);
    assert.equal((await api.post(`/memory/${randomUUID()}/revoke`, { status: 'revoked', version: 1 })).status, 404);
    const revoked = await api.post(`/memory/${note.note_id}/revoke`, { status: 'revoked', version: 1 });
    assert.equal(revoked.status, 200, revoked.text);
    assert.deepEqual([revoked.json.status, revoked.json.version], ['revoked', 2]);
    assertDocumented('post', '/memory/{note_id}/revoke', revoked);
    assertDocumented('post', '/memory/{note_id}/revoke', stale);
    assertDocumented('post', '/memory/{note_id}/revoke', wrong);
    const again = await api.post(`/memory/${note.note_id}/revoke`, { status: 'revoked', version: 1 });
    assert.equal(again.status, 409);
    const listed = (await api.get('/memory?status=revoked')).json.notes;
    assert.ok(listed.some((n: any) => n.note_id === note.note_id));
  });

  test('parallel identical proposals: one 201, the rest 200 with the same note', async () => {
    const feedbackId = await decisionOn(api, bundled, 5);
    const responses = await Promise.all(Array.from({ length: 6 }, () => api.post('/memory', { feedback_id: feedbackId })));
    assert.deepEqual(responses.map((r) => r.status).sort(), [200, 200, 200, 200, 200, 201]);
    assert.equal(new Set(responses.map((r) => r.json.note_id)).size, 1);
  });

  test('notes are never applied: the same set reviewed again after notes exist yields the same findings', async () => {
    assert.ok((await api.get('/memory?status=candidate')).json.notes.length > 0, 'candidate notes exist');
    const again = await publishSet(api, { bundle_id: bundleId });
    const shape = (r: any) => r.findings.map((f: any) => [f.n, f.check_id, f.section, f.importance, f.essence]);
    for (const f of again.result.findings) assert.equal(typeof f.check_id, 'string', 'findings name the check that produced them');
    assert.deepEqual(shape(again.result), shape(bundled.result));
    assert.deepEqual(again.result.counts, bundled.result.counts);
    assert.deepEqual(again.result.feedback, [], 'decisions of the earlier run do not carry over');
    // the next round of the bundle: the same set again, so every finding persists with its own number
    assert.deepEqual(again.result.revision.counts, { new: 0, persisting: bundled.result.findings.length, resolved: 0, not_resubmitted: 0 });
    assert.ok(again.result.findings.every((f: any) => f.revision.status === 'persisting' && f.revision.previous_n === f.n));
  });
});
