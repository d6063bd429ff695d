/**
 * Specialist decisions end to end, on two API processes sharing one database (one of them runs the worker):
 * versions, request_key idempotency, snapshot and finding checks, employees and section assignment, tenant
 * isolation, and parallel submissions spread over both processes.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startCluster, type Cluster } from '../helpers/cluster.ts';
import { Client, errorDetail } from '../helpers/client.ts';
import { publishSet, sectionsOf } from '../feedback/published-set.ts';

describe('decisions on findings', () => {
  let cluster: Cluster;
  let api: Client;
  let api2: Client;
  let staffApi: Client;
  let foreign: Client;
  let keyId: string;
  let tenantId: string;
  let runId: string;
  let result: any;

  const decide = (client: Client, run: string, body: Record<string, unknown>) => client.post(`/runs/${run}/feedback`, body);
  const body = (over: Record<string, unknown> = {}) => ({
    snapshot: result.feedback_snapshot,
    finding_id: result.findings[0].finding_id,
    decision: 'rejected',
    reason: 'Решение обосновано расчётом на листе 12',
    version: 0,
    request_key: randomUUID(),
    ...over,
  });

  before(async () => {
    cluster = await startCluster({ apis: 0, workers: 0 });
    const withWorker = await cluster.addApi({ withWorker: true });
    const apiOnly = await cluster.addApi();
    const org = await cluster.createOrg({ checks: 5 });
    keyId = org.key_id;
    tenantId = org.tenant_id;
    api = new Client(withWorker.baseUrl, org.api_key);
    api2 = new Client(apiOnly.baseUrl, org.api_key);
    staffApi = new Client(withWorker.baseUrl, (await cluster.createOrg({ checks: 5, employees: 'true' })).api_key);
    foreign = new Client(apiOnly.baseUrl, (await cluster.createOrg({ checks: 1 })).api_key);
    ({ runId, result } = await publishSet(api));
    assert.ok(result.findings.length >= 6, 'enough findings for independent tests');
  });
  after(() => cluster.stop());

  test('the findings carry the snapshot, the actor of the key and no decisions yet', () => {
    assert.equal(typeof result.feedback_snapshot, 'string');
    assert.equal(result.feedback_actor, `key:${keyId}`);
    assert.deepEqual(result.feedback, []);
  });

  test('a first decision (version 0) is stored as version 1 and shows in /findings; the finding, the run list and the checks are unchanged', async () => {
    const before = await Promise.all([api.get('/runs?limit=200'), api.get('/me')]);
    const finding = result.findings[1];
    const r = await decide(api, runId, body({ finding_id: finding.finding_id, decision: 'accepted', reason: 'Согласен' }));
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json.version, 1);
    assert.equal(r.json.decision, 'accepted');
    assert.equal(r.json.actor, `key:${keyId}`);
    assert.equal(r.json.own, true);
    assert.equal(r.json.snapshot, result.feedback_snapshot);
    assert.match(r.json.feedback_id, /^[0-9a-f-]{36}$/);

    const after = await api.get(`/runs/${runId}/findings`);
    assert.deepEqual(after.json.findings, result.findings, 'decisions never change findings');
    assert.deepEqual(after.json.counts, result.counts);
    assert.equal(after.json.feedback_snapshot, result.feedback_snapshot);
    const mine = after.json.feedback.find((d: any) => d.finding_id === finding.finding_id);
    assert.equal(mine.version, 1);
    assert.equal(mine.feedback_id, r.json.feedback_id);
    const [runs, me] = await Promise.all([api.get('/runs?limit=200'), api.get('/me')]);
    assert.equal(runs.json.runs.length, before[0].json.runs.length, 'no review starts');
    assert.equal(me.json.checks_left, before[1].json.checks_left, 'nothing is charged');
  });

  test('each change needs the current version and raises it; a stale version is 409 version_conflict naming the current one', async () => {
    const finding = result.findings[2].finding_id;
    assert.equal((await decide(api, runId, body({ finding_id: finding }))).status, 201);
    const changed = await decide(api2, runId, body({ finding_id: finding, decision: 'withdrawn', version: 1 }));
    assert.equal(changed.status, 201, changed.text);
    assert.equal(changed.json.version, 2);
    for (const stale of [0, 1, 5]) {
      const r = await decide(api, runId, body({ finding_id: finding, version: stale }));
      assert.equal(r.status, 409);
      assert.equal(errorDetail(r).error, 'version_conflict');
      assert.match(errorDetail(r).message, /текущая версия: 2/);
    }
    const latest = (await api.get(`/runs/${runId}/findings`)).json.feedback.filter((d: any) => d.finding_id === finding);
    assert.deepEqual(
      latest.map((d: any) => [d.version, d.decision]),
      [[2, 'withdrawn']],
    );
  });

  test('a repeated request_key returns the first decision (200, Idempotent-Replayed); other content with it is 409 idempotency_conflict', async () => {
    const first = body({ finding_id: result.findings[3].finding_id });
    const created = await decide(api, runId, first);
    assert.equal(created.status, 201);
    const again = await decide(api2, runId, first);
    assert.equal(again.status, 200);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.json.feedback_id, created.json.feedback_id);
    const other = await decide(api, runId, { ...first, reason: 'Другое обоснование' });
    assert.equal(other.status, 409);
    assert.equal(errorDetail(other).error, 'idempotency_conflict');
    const history = await api.get(`/runs/${runId}/feedback`);
    assert.equal(history.json.history.filter((d: any) => d.request_key === first.request_key).length, 1);
  });

  test('another snapshot is 409 report_changed, an unknown finding 404, bad fields 422, a non-JSON body 415', async () => {
    const changed = await decide(api, runId, body({ snapshot: randomUUID() }));
    assert.equal(changed.status, 409);
    assert.equal(errorDetail(changed).error, 'report_changed');
    assert.ok(errorDetail(changed).message.includes(result.feedback_snapshot));
    const unknown = await decide(api, runId, body({ finding_id: randomUUID() }));
    assert.equal(unknown.status, 404);
    assert.equal(errorDetail(unknown).error, 'not_found');
    assert.match(errorDetail(unknown).message, /Замечание/);
    for (const bad of [{ decision: 'maybe' }, { version: -1 }, { request_key: '' }, { reason: 'я'.repeat(4001) }, { finding_id: undefined }]) {
      const r = await decide(api, runId, body(bad));
      assert.equal(r.status, 422, JSON.stringify(bad));
      assert.equal(errorDetail(r).error, 'validation_error');
    }
    const text = await fetch(`${api.baseUrl}/runs/${runId}/feedback`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.key}`, 'content-type': 'text/plain' },
      body: JSON.stringify(body()),
    });
    assert.equal(text.status, 415);
    assert.equal(((await text.json()) as any).detail.error, 'unsupported_media_type');
  });

  test('reason_code and employee_id are refused (422) where the organization has no employees', async () => {
    for (const extra of [{ reason_code: 'NORM' }, { employee_id: 'ivanov' }]) {
      const r = await decide(api, runId, body(extra));
      assert.equal(r.status, 422);
      assert.match(errorDetail(r).message, /сотрудник/);
    }
    assert.equal((await api.get('/features')).json.features.employees, false);
  });

  test('with employees a section goes to the first employee deciding on it; another employee is 409 discipline_already_assigned', async () => {
    assert.equal((await staffApi.get('/features')).json.features.employees, true);
    const staff = await publishSet(staffApi);
    const { many, other } = sectionsOf(staff.result, 2);
    const base = { snapshot: staff.result.feedback_snapshot, decision: 'accepted', reason: 'Принято', version: 0 };
    const first = await decide(staffApi, staff.runId, {
      ...base,
      finding_id: many[0].finding_id,
      request_key: randomUUID(),
      employee_id: 'ivanov',
      reason_code: 'AGREED',
    });
    assert.equal(first.status, 201, first.text);
    assert.deepEqual([first.json.employee_id, first.json.reason_code], ['ivanov', 'AGREED']);
    const taken = await decide(staffApi, staff.runId, { ...base, finding_id: many[1].finding_id, request_key: randomUUID(), employee_id: 'petrov' });
    assert.equal(taken.status, 409);
    assert.equal(errorDetail(taken).error, 'discipline_already_assigned');
    assert.ok(errorDetail(taken).message.includes(many[0].section));
    const same = await decide(staffApi, staff.runId, { ...base, finding_id: many[1].finding_id, request_key: randomUUID(), employee_id: 'ivanov' });
    assert.equal(same.status, 201);
    const elsewhere = await decide(staffApi, staff.runId, { ...base, finding_id: other.finding_id, request_key: randomUUID(), employee_id: 'petrov' });
    assert.equal(elsewhere.status, 201);
    const history = await staffApi.get(`/runs/${staff.runId}/feedback`);
    const assigned = Object.fromEntries(history.json.assignments.map((a: any) => [a.section, a.employee_id]));
    assert.equal(assigned[many[0].section], 'ivanov');
    assert.equal(assigned[other.section], 'petrov');
  });

  test('parallel decisions with one version over two processes: exactly one 201, the rest 409 version_conflict', async () => {
    const finding = result.findings[4].finding_id;
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        decide(i % 2 ? api2 : api, runId, body({ finding_id: finding, decision: i % 2 ? 'accepted' : 'rejected', reason: `Вариант ${i}` })),
      ),
    );
    assert.deepEqual(responses.map((r) => r.status).sort(), [201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of responses.filter((x) => x.status === 409)) assert.equal(errorDetail(r).error, 'version_conflict');
    const history = await api.get(`/runs/${runId}/feedback`);
    assert.deepEqual(
      history.json.history.filter((d: any) => d.finding_id === finding).map((d: any) => d.version),
      [1],
    );
  });

  test('parallel identical request_keys over two processes: one decision; every answer carries it', async () => {
    const same = body({ finding_id: result.findings[5].finding_id });
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => decide(i % 2 ? api2 : api, runId, same)));
    assert.equal(responses.filter((r) => r.status === 201).length, 1, responses.map((r) => `${r.status} ${r.text}`).join('\n'));
    assert.ok(responses.every((r) => r.status === 201 || r.status === 200));
    assert.equal(new Set(responses.map((r) => r.json.feedback_id)).size, 1);
    const history = await api.get(`/runs/${runId}/feedback`);
    assert.equal(history.json.history.filter((d: any) => d.request_key === same.request_key).length, 1);
  });

  test('another key of the organization is another actor with its own versions; the history keeps every decision in order', async () => {
    const created = await cluster.cli(['key', 'create', '--tenant', tenantId]);
    assert.equal(created.code, 0, created.stderr);
    const second = new Client(api2.baseUrl, created.json.api_key);
    const finding = result.findings[1].finding_id;
    const r = await decide(second, runId, body({ finding_id: finding, decision: 'rejected' }));
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json.version, 1);
    assert.equal(r.json.actor, `key:${created.json.key_id}`);
    const seen = await second.get(`/runs/${runId}/findings`);
    assert.equal(seen.json.feedback_actor, `key:${created.json.key_id}`);
    const onFinding = seen.json.feedback.filter((d: any) => d.finding_id === finding);
    assert.deepEqual(
      onFinding.map((d: any) => [d.actor, d.own]).sort(),
      [
        [`key:${created.json.key_id}`, true],
        [`key:${keyId}`, false],
      ].sort(),
    );

    const history = await api.get(`/runs/${runId}/feedback`);
    assert.equal(history.status, 200);
    assert.equal(history.json.feedback_snapshot, result.feedback_snapshot);
    assert.equal(history.json.feedback_actor, `key:${keyId}`);
    const times = history.json.history.map((d: any) => d.created_at);
    assert.deepEqual(times, [...times].sort());
    assert.ok(
      history.json.history.some((d: any) => d.version === 2 && d.decision === 'withdrawn'),
      'changed decisions keep their earlier versions',
    );
  });

  test('foreign and missing runs are 404 not_found for decisions and history', async () => {
    for (const r of [await foreign.get(`/runs/${runId}/feedback`), await decide(foreign, runId, body()), await api.get(`/runs/${randomUUID()}/feedback`)]) {
      assert.equal(r.status, 404);
      assert.equal(errorDetail(r).error, 'not_found');
    }
    assert.equal((await foreign.get(`/runs/${runId}/feedback`)).text.includes(result.feedback_snapshot), false);
  });
});
