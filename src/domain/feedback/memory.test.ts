import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../kernel/errors.ts';
import { recordDecision } from './decide.ts';
import { proposeNote, revokeMemoryNote } from './memory.ts';
import { listNotes } from '../../store/repositories/memory.ts';
import { openTestStore, seedBundle, seedRun, seedTenant, type TestStore } from '../../../test/feedback/support.ts';
import type { Organization } from '../../kernel/model/organization.ts';

const rejectsWith = (p: Promise<unknown>, code: string, message?: RegExp) =>
  assert.rejects(p, (e: AppError) => {
    assert.ok(e instanceof AppError);
    assert.equal(e.code, code);
    if (message) assert.match(e.message, message);
    return true;
  });

describe('memory notes', () => {
  let store: TestStore;
  let tenant: Organization;
  let other: Organization;

  /** A decision on the first finding of a fresh run (with a bundle unless told otherwise). */
  async function decisionOn(t: Organization, withBundle = true) {
    const bundle = withBundle ? await seedBundle(store.db, t.id) : null;
    const seeded = await seedRun(store.db, t, { bundle });
    const { decision } = await recordDecision(store.db, { tenantId: t.id, hasEmployees: false, actor: 'key:a' }, seeded.run.id, {
      snapshot: seeded.snapshot,
      finding_id: seeded.findings[0]!.finding_id,
      decision: 'rejected',
      reason: 'Высота ограждения 1,2 м указана на листе АР-12',
      version: 0,
      request_key: randomUUID(),
    });
    return { decision, bundle, seeded };
  }

  before(async () => {
    store = await openTestStore();
    tenant = await seedTenant(store.db);
    other = await seedTenant(store.db);
  });
  after(async () => {
    await store.dispose();
  });

  test('a proposal creates a candidate; the same proposal returns it; other content is memory_already_proposed', async () => {
    const { decision, bundle, seeded } = await decisionOn(tenant);
    const first = await proposeNote(store.db, tenant.id, decision.id, undefined);
    assert.equal(first.created, true);
    assert.equal(first.note.status, 'candidate');
    assert.equal(first.note.version, 1);
    assert.equal(first.note.bundleId, bundle!.id);
    assert.equal(first.note.runId, seeded.run.id);
    assert.match(first.note.text, /Высота ограждения кровли 0,9 м.*отклонено.*листе АР-12/);
    const again = await proposeNote(store.db, tenant.id, decision.id, undefined);
    assert.equal(again.created, false);
    assert.equal(again.note.id, first.note.id);
    // The derived text sent explicitly is the same proposal.
    assert.equal((await proposeNote(store.db, tenant.id, decision.id, ` ${first.note.text} `)).note.id, first.note.id);
    await rejectsWith(proposeNote(store.db, tenant.id, decision.id, 'Учитывать ограждение по листу АР-12'), 'memory_already_proposed');
  });

  test('a decision on a run without a bundle is 422; unknown and foreign decisions are 404; empty or long text is 422', async () => {
    const loose = await decisionOn(tenant, false);
    await rejectsWith(proposeNote(store.db, tenant.id, loose.decision.id, undefined), 'validation_error', /без пакета/);
    await rejectsWith(proposeNote(store.db, tenant.id, randomUUID(), undefined), 'not_found');
    const foreign = await decisionOn(other);
    await rejectsWith(proposeNote(store.db, tenant.id, foreign.decision.id, undefined), 'not_found');
    const { decision } = await decisionOn(tenant);
    await rejectsWith(proposeNote(store.db, tenant.id, decision.id, '   '), 'validation_error');
    await rejectsWith(proposeNote(store.db, tenant.id, decision.id, 'я'.repeat(4001)), 'validation_error');
    assert.equal((await listNotes(store.db, tenant.id, { bundleId: undefined }, 500)).filter((n) => n.feedbackId === decision.id).length, 0);
  });

  test('parallel identical proposals make one note; parallel different ones make one note and conflicts', async () => {
    const second = await store.parallelDb();
    const { decision } = await decisionOn(tenant);
    const same = await Promise.all(Array.from({ length: 6 }, (_, i) => proposeNote(i % 2 ? second : store.db, tenant.id, decision.id, 'Одна и та же заметка')));
    assert.equal(same.filter((p) => p.created).length, 1);
    assert.equal(new Set(same.map((p) => p.note.id)).size, 1);

    const next = await decisionOn(tenant);
    const mixed = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => proposeNote(i % 2 ? second : store.db, tenant.id, next.decision.id, `Заметка ${i}`)),
    );
    assert.equal(mixed.filter((r) => r.status === 'fulfilled').length, 1);
    for (const r of mixed) if (r.status === 'rejected') assert.equal((r.reason as AppError).code, 'memory_already_proposed');
  });

  test('revoke: only status revoked, only at the current version; version + 1; foreign notes are 404', async () => {
    const { decision } = await decisionOn(tenant);
    const { note } = await proposeNote(store.db, tenant.id, decision.id, undefined);
    await rejectsWith(revokeMemoryNote(store.db, tenant.id, note.id, 'confirmed', 1), 'validation_error', /revoked/);
    await rejectsWith(revokeMemoryNote(store.db, tenant.id, note.id, 'revoked', 2), 'version_conflict', /текущая версия: 1/);
    await rejectsWith(revokeMemoryNote(store.db, other.id, note.id, 'revoked', 1), 'not_found');
    const revoked = await revokeMemoryNote(store.db, tenant.id, note.id, 'revoked', 1);
    assert.equal(revoked.status, 'revoked');
    assert.equal(revoked.version, 2);
    await rejectsWith(revokeMemoryNote(store.db, tenant.id, note.id, 'revoked', 1), 'version_conflict', /текущая версия: 2/);
    assert.equal((await revokeMemoryNote(store.db, tenant.id, note.id, 'revoked', 2)).version, 2);
    // A repeat of the proposal returns the (now revoked) note.
    const again = await proposeNote(store.db, tenant.id, decision.id, undefined);
    assert.equal(again.note.id, note.id);
    assert.equal(again.note.status, 'revoked');
  });

  test('parallel revokes with one version: one succeeds, the rest are version conflicts', async () => {
    const second = await store.parallelDb();
    const { decision } = await decisionOn(tenant);
    const { note } = await proposeNote(store.db, tenant.id, decision.id, undefined);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => revokeMemoryNote(i % 2 ? second : store.db, tenant.id, note.id, 'revoked', 1)),
    );
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    for (const r of results) if (r.status === 'rejected') assert.equal((r.reason as AppError).code, 'version_conflict');
  });

  test('the list is tenant-scoped, newest first, filterable by bundle and status', async () => {
    const a = await decisionOn(tenant);
    const b = await decisionOn(tenant);
    const na = (await proposeNote(store.db, tenant.id, a.decision.id, 'Заметка А')).note;
    const nb = (await proposeNote(store.db, tenant.id, b.decision.id, 'Заметка Б')).note;
    await revokeMemoryNote(store.db, tenant.id, nb.id, 'revoked', 1);
    const all = await listNotes(store.db, tenant.id, {}, 500);
    assert.ok(all.every((n) => n.tenantId === tenant.id));
    assert.ok(all.some((n) => n.id === na.id) && all.some((n) => n.id === nb.id));
    for (let i = 1; i < all.length; i++) assert.ok(all[i - 1]!.createdAt >= all[i]!.createdAt, 'newest first');
    assert.deepEqual(
      (await listNotes(store.db, tenant.id, { bundleId: a.bundle!.id }, 500)).map((n) => n.id),
      [na.id],
    );
    assert.ok((await listNotes(store.db, tenant.id, { status: 'revoked' }, 500)).every((n) => n.status === 'revoked'));
    assert.deepEqual(await listNotes(store.db, other.id, { bundleId: a.bundle!.id }, 500), []);
  });
});
