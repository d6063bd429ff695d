import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../kernel/errors.ts';
import { LABEL_MAX, normalizeLabel } from './bundles.ts';
import { bundleView } from '../../http/presenters/bundles.ts';
import { getBundleForTenant, listBundles, renameBundle } from '../../store/repositories/bundles.ts';
import { openTestStore, seedBundle, seedTenant, type TestStore } from '../../../test/feedback/support.ts';
import { nowIso } from '../../kernel/clock.ts';

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof AppError);
    return e.code;
  }
  assert.fail('expected an error');
};

describe('bundle labels', () => {
  test('labels are trimmed; empty and too long labels are refused in Russian', () => {
    assert.equal(normalizeLabel('  ЖК «Северный»  '), 'ЖК «Северный»');
    assert.equal(normalizeLabel('я'.repeat(LABEL_MAX)), 'я'.repeat(LABEL_MAX));
    assert.throws(
      () => normalizeLabel(' \t '),
      (e: AppError) => e.code === 'validation_error' && /пустым/.test(e.message),
    );
    assert.throws(
      () => normalizeLabel('я'.repeat(LABEL_MAX + 1)),
      (e: AppError) => e.code === 'validation_error' && /длиннее/.test(e.message),
    );
  });
});

describe('bundle store', () => {
  let store: TestStore;
  before(async () => {
    store = await openTestStore();
  });
  after(async () => {
    await store.dispose();
  });

  test('rename needs the current version, raises it by one; foreign or missing bundles are 404', async () => {
    const t = await seedTenant(store.db);
    const other = await seedTenant(store.db);
    const b = await seedBundle(store.db, t.id, 'Школа на 550 мест');
    const renamed = await renameBundle(store.db, t.id, b.id, 'Школа на 600 мест', 1, nowIso());
    assert.deepEqual([renamed.label, renamed.version], ['Школа на 600 мест', 2]);
    await assert.rejects(
      renameBundle(store.db, t.id, b.id, 'Иное', 1, nowIso()),
      (e: AppError) => e.code === 'version_conflict' && /текущая версия: 2/.test(e.message),
    );
    assert.equal(await codeOf(renameBundle(store.db, other.id, b.id, 'Чужое', 2, nowIso())), 'not_found');
    assert.equal(await codeOf(getBundleForTenant(store.db, other.id, b.id)), 'not_found');
    assert.equal(await codeOf(getBundleForTenant(store.db, t.id, randomUUID())), 'not_found');
    assert.equal((await getBundleForTenant(store.db, t.id, b.id)).label, 'Школа на 600 мест');
    assert.equal(bundleView(renamed).bundle_id, b.id);
  });

  test('parallel renames with one version: exactly one wins', async () => {
    const t = await seedTenant(store.db);
    const b = await seedBundle(store.db, t.id);
    const second = await store.parallelDb();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => renameBundle(i % 2 ? second : store.db, t.id, b.id, `Вариант ${i}`, 1, nowIso())),
    );
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    for (const r of results) if (r.status === 'rejected') assert.equal((r.reason as AppError).code, 'version_conflict');
    assert.equal((await getBundleForTenant(store.db, t.id, b.id)).version, 2);
  });

  test('the list is tenant-scoped, newest first and limited', async () => {
    const t = await seedTenant(store.db);
    const other = await seedTenant(store.db);
    for (let i = 0; i < 5; i++) await seedBundle(store.db, t.id, `Пакет ${i}`);
    await seedBundle(store.db, other.id, 'Чужой пакет');
    const all = await listBundles(store.db, t.id, 200);
    assert.equal(all.length, 5);
    for (let i = 1; i < all.length; i++) assert.ok(all[i - 1]!.createdAt >= all[i]!.createdAt);
    assert.equal((await listBundles(store.db, t.id, 2)).length, 2);
  });
});
