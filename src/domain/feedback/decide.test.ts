import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../kernel/errors.ts';
import { recordDecision, type DecisionContext } from './decide.ts';
import type { DecisionRequest } from './decision-request.ts';
import { loadPublished } from './published.ts';
import { decisionHistory, sectionAssignments } from '../../store/repositories/feedback.ts';
import { openTestStore, seedRun, seedTenant, type SeededRun, type TestStore } from '../../../test/feedback/support.ts';
import type { Organization } from '../../kernel/model/organization.ts';

/** Runs fn and returns the AppError code it raised (fails when it raised nothing or something else). */
async function codeOf(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
  } catch (e) {
    assert.ok(e instanceof AppError, `expected AppError, got ${String(e)}`);
    return e.code;
  }
  assert.fail('expected an error');
}

describe('recordDecision', () => {
  let store: TestStore;
  let tenant: Organization;
  let staff: Organization;
  let seeded: SeededRun;
  let ctx: DecisionContext;
  const req = (over: Partial<DecisionRequest> = {}): DecisionRequest => ({
    snapshot: seeded.snapshot,
    finding_id: seeded.findings[0]!.finding_id,
    decision: 'rejected',
    reason: 'Ограждение выполнено по СП 54.13330, высота указана на листе 12',
    version: 0,
    request_key: randomUUID(),
    ...over,
  });

  before(async () => {
    store = await openTestStore();
    tenant = await seedTenant(store.db);
    staff = await seedTenant(store.db, true);
    seeded = await seedRun(store.db, tenant);
    ctx = { tenantId: tenant.id, hasEmployees: false, actor: 'key:one' };
  });
  after(async () => {
    await store.dispose();
  });

  test('the first decision has version 1, each change raises it by one, a stale version is a conflict naming the current one', async () => {
    const finding = seeded.findings[1]!.finding_id;
    const first = await recordDecision(store.db, ctx, seeded.run.id, req({ finding_id: finding, decision: 'accepted' }));
    assert.equal(first.replayed, false);
    assert.equal(first.decision.version, 1);
    const second = await recordDecision(store.db, ctx, seeded.run.id, req({ finding_id: finding, decision: 'withdrawn', version: 1 }));
    assert.equal(second.decision.version, 2);
    for (const stale of [0, 1, 3]) {
      await assert.rejects(recordDecision(store.db, ctx, seeded.run.id, req({ finding_id: finding, version: stale })), (e: AppError) => {
        assert.equal(e.code, 'version_conflict');
        assert.match(e.message, /текущая версия: 2/);
        return true;
      });
    }
    // Versions are per actor: another key starts from 0 on the same finding.
    const other = await recordDecision(store.db, { ...ctx, actor: 'key:two' }, seeded.run.id, req({ finding_id: finding }));
    assert.equal(other.decision.version, 1);
  });

  test('a repeated request_key with the same content returns the first decision and stores nothing', async () => {
    const finding = seeded.findings[2]!.finding_id;
    const body = req({ finding_id: finding });
    const first = await recordDecision(store.db, ctx, seeded.run.id, body);
    const again = await recordDecision(store.db, ctx, seeded.run.id, body);
    assert.equal(again.replayed, true);
    assert.equal(again.decision.id, first.decision.id);
    const history = await decisionHistory(store.db, tenant.id, seeded.run.id);
    assert.equal(history.filter((r) => r.requestKey === body.request_key).length, 1);
  });

  test('the same request_key with other content is an idempotency conflict, also from another key or run', async () => {
    const body = req({ finding_id: seeded.findings[0]!.finding_id, version: 0 });
    await recordDecision(store.db, { ...ctx, actor: 'key:three' }, seeded.run.id, body);
    assert.equal(
      await codeOf(() => recordDecision(store.db, { ...ctx, actor: 'key:three' }, seeded.run.id, { ...body, reason: 'Другое обоснование' })),
      'idempotency_conflict',
    );
    assert.equal(await codeOf(() => recordDecision(store.db, { ...ctx, actor: 'key:four' }, seeded.run.id, body)), 'idempotency_conflict');
    const otherRun = await seedRun(store.db, tenant);
    assert.equal(
      await codeOf(() =>
        recordDecision(store.db, ctx, otherRun.run.id, { ...body, snapshot: otherRun.snapshot, finding_id: otherRun.findings[0]!.finding_id }),
      ),
      'idempotency_conflict',
    );
  });

  test('another snapshot is report_changed, an unknown finding is not_found, an unpublished or foreign run is 404', async () => {
    assert.equal(await codeOf(() => recordDecision(store.db, ctx, seeded.run.id, req({ snapshot: randomUUID() }))), 'report_changed');
    await assert.rejects(recordDecision(store.db, ctx, seeded.run.id, req({ finding_id: randomUUID() })), (e: AppError) => {
      assert.equal(e.code, 'not_found');
      assert.match(e.message, /Замечание finding_id=/);
      return true;
    });
    const running = await seedRun(store.db, tenant, { status: 'running' });
    assert.equal(await codeOf(() => recordDecision(store.db, ctx, running.run.id, req())), 'no_report');
    const foreign = await seedRun(store.db, staff);
    assert.equal(
      await codeOf(() => recordDecision(store.db, ctx, foreign.run.id, req({ snapshot: foreign.snapshot, finding_id: foreign.findings[0]!.finding_id }))),
      'not_found',
    );
    assert.equal(await codeOf(() => recordDecision(store.db, ctx, 'not-a-uuid', req())), 'not_found');
  });

  test('reason_code and employee_id are refused without employees; empty values count as not given', async () => {
    for (const extra of [{ reason_code: 'R1' }, { employee_id: 'emp-1' }]) {
      await assert.rejects(recordDecision(store.db, ctx, seeded.run.id, req(extra)), (e: AppError) => {
        assert.equal(e.code, 'validation_error');
        assert.match(e.message, /только в подключениях с сотрудниками/);
        return true;
      });
    }
    const fresh = await seedRun(store.db, tenant);
    const ok = await recordDecision(store.db, ctx, fresh.run.id, {
      ...req({ snapshot: fresh.snapshot, finding_id: fresh.findings[0]!.finding_id }),
      reason_code: '',
      employee_id: null,
    });
    assert.equal(ok.decision.reasonCode, null);
    assert.equal(ok.decision.employeeId, null);
  });

  test('with employees a section goes to the first employee deciding on it; another employee gets discipline_already_assigned', async () => {
    const run = await seedRun(store.db, staff);
    const staffCtx: DecisionContext = { tenantId: staff.id, hasEmployees: true, actor: 'key:staff' };
    const [ar1, ar2, kr] = run.findings as [(typeof run.findings)[0], (typeof run.findings)[0], (typeof run.findings)[0]];
    const base = { snapshot: run.snapshot, decision: 'accepted' as const, reason: 'Согласовано', version: 0 };
    const first = await recordDecision(store.db, staffCtx, run.run.id, {
      ...base,
      finding_id: ar1.finding_id,
      request_key: randomUUID(),
      employee_id: 'ivanov',
      reason_code: 'AGREED',
    });
    assert.equal(first.decision.employeeId, 'ivanov');
    assert.equal(first.decision.reasonCode, 'AGREED');
    await assert.rejects(
      recordDecision(store.db, { ...staffCtx, actor: 'key:staff2' }, run.run.id, {
        ...base,
        finding_id: ar2.finding_id,
        request_key: randomUUID(),
        employee_id: 'petrov',
      }),
      (e: AppError) => {
        assert.equal(e.code, 'discipline_already_assigned');
        assert.match(e.message, /«АР».*ivanov/);
        return true;
      },
    );
    // The same employee continues in the section; another section is free; no employee_id assigns nothing.
    await recordDecision(store.db, staffCtx, run.run.id, { ...base, finding_id: ar2.finding_id, request_key: randomUUID(), employee_id: 'ivanov' });
    await recordDecision(store.db, staffCtx, run.run.id, { ...base, finding_id: kr.finding_id, request_key: randomUUID(), employee_id: 'petrov' });
    await recordDecision(store.db, { ...staffCtx, actor: 'key:staff3' }, run.run.id, { ...base, finding_id: ar1.finding_id, request_key: randomUUID() });
    const assignments = await sectionAssignments(store.db, staff.id, run.run.id);
    assert.deepEqual(
      assignments.map((a) => [a.section, a.employeeId]),
      [
        ['АР', 'ivanov'],
        ['КР', 'petrov'],
      ],
    );
  });

  test('a decision that is not stored leaves no section assignment behind', async () => {
    const run = await seedRun(store.db, staff);
    const staffCtx: DecisionContext = { tenantId: staff.id, hasEmployees: true, actor: 'key:staff' };
    const kr = run.findings[2]!;
    const base = { snapshot: run.snapshot, finding_id: kr.finding_id, decision: 'accepted' as const, reason: 'Да' };
    await recordDecision(store.db, staffCtx, run.run.id, { ...base, version: 0, request_key: randomUUID() });
    // Stale version (0 after 1) with an employee: refused, and the section stays unassigned.
    assert.equal(
      await codeOf(() => recordDecision(store.db, staffCtx, run.run.id, { ...base, version: 0, request_key: randomUUID(), employee_id: 'sidorov' })),
      'version_conflict',
    );
    assert.deepEqual(await sectionAssignments(store.db, staff.id, run.run.id), []);
  });

  test('parallel decisions with one version from two connections (PostgreSQL) or one: exactly one is stored, the rest are version conflicts', async () => {
    const second = await store.parallelDb();
    const finding = seeded.findings[0]!.finding_id;
    const actorCtx = { ...ctx, actor: 'key:parallel' };
    const attempts = Array.from({ length: 8 }, (_, i) =>
      recordDecision(
        i % 2 ? second : store.db,
        actorCtx,
        seeded.run.id,
        req({ finding_id: finding, decision: i % 3 ? 'accepted' : 'rejected', reason: `Вариант ${i}` }),
      ).then(
        (o) => ({ ok: o }),
        (e: unknown) => ({ err: e as AppError }),
      ),
    );
    const outcomes = await Promise.all(attempts);
    const stored = outcomes.filter((o) => 'ok' in o);
    assert.equal(stored.length, 1);
    for (const o of outcomes) if ('err' in o) assert.equal(o.err.code, 'version_conflict');
    const history = await decisionHistory(store.db, tenant.id, seeded.run.id);
    assert.equal(history.filter((r) => r.actor === 'key:parallel').length, 1);
  });

  test('parallel identical request_keys from two connections (PostgreSQL) or one: one decision, every answer carries it', async () => {
    const second = await store.parallelDb();
    const body = req({ finding_id: seeded.findings[1]!.finding_id });
    const actorCtx = { ...ctx, actor: 'key:same-key' };
    const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => recordDecision(i % 2 ? second : store.db, actorCtx, seeded.run.id, body)));
    assert.equal(outcomes.filter((o) => !o.replayed).length, 1);
    assert.equal(new Set(outcomes.map((o) => o.decision.id)).size, 1);
    const history = await decisionHistory(store.db, tenant.id, seeded.run.id);
    assert.equal(history.filter((r) => r.requestKey === body.request_key).length, 1);
  });

  test('parallel first decisions of different employees in one section: one employee gets the section, the others 409', async () => {
    const second = await store.parallelDb();
    const run = await seedRun(store.db, staff);
    const ar = run.findings.filter((f) => f.section === 'АР');
    const attempts = ['ivanov', 'petrov', 'sidorov', 'kuznetsov'].map((employee, i) =>
      recordDecision(i % 2 ? second : store.db, { tenantId: staff.id, hasEmployees: true, actor: `key:${employee}` }, run.run.id, {
        snapshot: run.snapshot,
        finding_id: ar[i % ar.length]!.finding_id,
        decision: 'accepted',
        reason: 'Да',
        version: 0,
        request_key: randomUUID(),
        employee_id: employee,
      }).then(
        (o) => ({ employee, ok: o }),
        (e: unknown) => ({ employee, err: e as AppError }),
      ),
    );
    const outcomes = await Promise.all(attempts);
    const winners = outcomes.filter((o) => 'ok' in o);
    assert.equal(winners.length, 1);
    for (const o of outcomes) if ('err' in o) assert.equal(o.err.code, 'discipline_already_assigned');
    const assignments = await sectionAssignments(store.db, staff.id, run.run.id);
    assert.deepEqual(
      assignments.map((a) => [a.section, a.employeeId]),
      [['АР', winners[0]!.employee]],
    );
    const stored = await decisionHistory(store.db, staff.id, run.run.id);
    assert.deepEqual(
      stored.map((r) => r.employeeId),
      [winners[0]!.employee],
    );
  });

  test('decisions never change the published result', async () => {
    const run = await seedRun(store.db, tenant);
    const before = await loadPublished(store.db, tenant.id, run.run.id);
    await recordDecision(store.db, ctx, run.run.id, req({ snapshot: run.snapshot, finding_id: run.findings[0]!.finding_id }));
    const afterwards = await loadPublished(store.db, tenant.id, run.run.id);
    assert.deepEqual(afterwards.result, before.result);
    assert.equal(afterwards.snapshot, before.snapshot);
  });
});
