/**
 * GET /runs/{run_id}/findings end to end: 404 no_report until the run is published (an API node without a
 * worker keeps it queued), then the published result with the decision context, matching openapi.json;
 * foreign and missing runs are 404 not_found.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startCluster, type Cluster } from '../helpers/cluster.ts';
import { Client, errorDetail } from '../helpers/client.ts';
import { documentedBy, type AssertDocumented } from '../feedback/documented.ts';
import { uploadSet } from '../feedback/published-set.ts';

describe('published findings', () => {
  let cluster: Cluster;
  let api: Client;
  let foreign: Client;
  let keyId: string;
  let runId: string;
  let assertDocumented: AssertDocumented;

  before(async () => {
    cluster = await startCluster({ apis: 1, workers: 0 });
    const org = await cluster.createOrg({ checks: 3 });
    keyId = org.key_id;
    api = new Client(cluster.apis[0]!.baseUrl, org.api_key);
    foreign = new Client(cluster.apis[0]!.baseUrl, (await cluster.createOrg({ checks: 1 })).api_key);
    assertDocumented = await documentedBy(cluster.apis[0]!.baseUrl);
    runId = await uploadSet(api);
  });
  after(() => cluster.stop());

  test('before the run is done: 404 no_report for findings, history and decisions', async () => {
    assert.equal((await api.get(`/runs/${runId}`)).json.status, 'queued');
    const responses = [
      await api.get(`/runs/${runId}/findings`),
      await api.get(`/runs/${runId}/feedback`),
      await api.post(`/runs/${runId}/feedback`, {
        snapshot: 'x',
        finding_id: randomUUID(),
        decision: 'accepted',
        reason: '',
        version: 0,
        request_key: randomUUID(),
      }),
    ];
    const documented: [string, string][] = [
      ['get', '/runs/{run_id}/findings'],
      ['get', '/runs/{run_id}/feedback'],
      ['post', '/runs/{run_id}/feedback'],
    ];
    for (const [i, r] of responses.entries()) {
      assert.equal(r.status, 404);
      assert.equal(errorDetail(r).error, 'no_report');
      assertDocumented(documented[i]![0], documented[i]![1], r);
    }
  });

  test('foreign and missing runs: 404 not_found, never no_report', async () => {
    for (const r of [
      await foreign.get(`/runs/${runId}/findings`),
      await api.get(`/runs/${randomUUID()}/findings`),
      await api.get('/runs/not-a-run/findings'),
    ]) {
      assert.equal(r.status, 404);
      assert.equal(errorDetail(r).error, 'not_found');
    }
  });

  test('after publication: the result of the contract with the decision context', async () => {
    await cluster.addWorker();
    const status = await api.waitRun(runId, 180_000);
    assert.equal(status.status, 'done', JSON.stringify(status.error ?? status));
    const r = await api.get(`/runs/${runId}/findings`);
    assert.equal(r.status, 200, r.text);
    assertDocumented('get', '/runs/{run_id}/findings', r);
    const body = r.json;
    assert.equal(body.run_id, runId);
    assert.equal(body.parsed, true);
    assert.ok(body.findings.length > 0);
    const ids = new Set<string>();
    for (const [i, f] of body.findings.entries()) {
      assert.equal(f.n, i + 1, 'numbered in report order');
      assert.match(f.finding_id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      ids.add(f.finding_id);
      for (const field of ['status', 'importance', 'section', 'essence', 'evidence_text', 'action']) assert.equal(typeof f[field], 'string', field);
      assert.ok(f.essence.length > 0);
      assert.ok(Array.isArray(f.pages) && Array.isArray(f.page_refs) && Array.isArray(f.sources));
      for (const ref of f.page_refs) {
        for (const k of ['page', 'doc_index', 'doc_page']) assert.equal(typeof ref[k], 'number');
        assert.equal(typeof ref.in_docset, 'boolean');
        assert.equal(typeof ref.label, 'string');
      }
    }
    assert.equal(ids.size, body.findings.length, 'finding ids are unique');
    assert.equal(body.counts.total, body.findings.length);
    const levels = Object.entries(body.counts).filter(([k]) => k !== 'total');
    assert.equal(
      levels.reduce((s, [, n]) => s + (n as number), 0),
      body.counts.total,
    );
    for (const [level, n] of levels) assert.equal(body.findings.filter((f: any) => f.importance === level).length, n);
    assert.deepEqual(body.available_sections.map((s: any) => s.code).sort(), [...new Set(body.findings.map((f: any) => f.section))].sort());
    assert.ok(Array.isArray(body.questions) && Array.isArray(body.warnings) && Array.isArray(body.reference_problems));
    assert.equal(typeof body.usage, 'object');
    assert.equal(typeof body.feedback_snapshot, 'string');
    assert.equal(body.feedback_actor, `key:${keyId}`);
    assert.deepEqual(body.feedback, []);
    // The same result on every read.
    assert.deepEqual((await api.get(`/runs/${runId}/findings`)).json, body);
    assert.equal((await foreign.get(`/runs/${runId}/findings`)).status, 404);
  });

  test('feedback in /findings is the latest decision per actor and finding, with its version', async () => {
    const { json: body } = await api.get(`/runs/${runId}/findings`);
    const f = body.findings[0];
    const post = (over: Record<string, unknown>) =>
      api.post(`/runs/${runId}/feedback`, {
        snapshot: body.feedback_snapshot,
        finding_id: f.finding_id,
        decision: 'accepted',
        reason: 'Принято',
        version: 0,
        request_key: randomUUID(),
        ...over,
      });
    const first = await post({});
    assert.equal(first.status, 201);
    assertDocumented('post', '/runs/{run_id}/feedback', first);
    assert.equal((await post({ decision: 'rejected', version: 1 })).status, 201);
    const conflict = await post({ version: 1 });
    assertDocumented('post', '/runs/{run_id}/feedback', conflict);
    const after = await api.get(`/runs/${runId}/findings`);
    assertDocumented('get', '/runs/{run_id}/findings', after);
    assert.deepEqual(
      after.json.feedback.map((d: any) => [d.finding_id, d.version, d.decision, d.own]),
      [[f.finding_id, 2, 'rejected', true]],
    );
    assert.deepEqual(after.json.findings, body.findings);
    const history = await api.get(`/runs/${runId}/feedback`);
    assertDocumented('get', '/runs/{run_id}/feedback', history);
    assert.deepEqual(
      history.json.history.map((d: any) => d.version),
      [1, 2],
    );
  });
});
