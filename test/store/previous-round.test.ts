/**
 * The run a revision is compared with (previousPublishedInBundle): the latest run of the same organization and
 * bundle accepted before it whose result is published — not a later run, a failed one, one of another bundle, nor
 * the run itself. On SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openTestStore, type TestStore } from '../helpers/test-store.ts';
import { addTenant, insertResult, insertRun } from '../helpers/rows.ts';
import { insertBundle } from '../../src/store/repositories/bundles.ts';
import { previousPublishedInBundle } from '../../src/store/repositories/results.ts';

let store: TestStore;
before(async () => {
  store = await openTestStore();
});
after(() => store.dispose());

const KEYS = { reportMdKey: 'md', reportPdfKey: null, sectionPdfKeys: {}, themePdfKeys: {}, reportZipKey: null };
const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 10, minute)).toISOString();

test('the latest published run of the bundle accepted before this one', async () => {
  const owner = await addTenant(store.db);
  const db = store.db;
  const bundle = await insertBundle(db, owner.tenantId, 'ЖК', at(0));
  const other = await insertBundle(db, owner.tenantId, 'Другой', at(0));
  const published = async (minute: number, bundleId: string | null, status: 'done' | 'failed' = 'done', withResult = true) => {
    const id = await insertRun(db, owner, status, { bundle_id: bundleId, created_at: at(minute) });
    if (withResult) await insertResult(db, { runId: id, tenantId: owner.tenantId }, { findings: [{ n: minute }] }, KEYS);
    await db
      .insertInto('documents')
      .values({
        run_id: id,
        idx: 1,
        name: `том-${minute}.pdf`,
        kind: 'КР',
        kind_chosen: 0,
        kind_guess: null,
        role: 'review',
        format: 'pdf',
        size: 1,
        sha256: 'x',
        blob_key: 'b',
        pdf_blob_key: null,
        pages: 1,
        converted: 0,
        page_from: 1,
        page_to: 1,
        warnings: '[]',
        unread_reason: null,
      })
      .execute();
    return id;
  };
  const first = await published(1, bundle.id);
  const second = await published(2, bundle.id);
  await published(3, bundle.id, 'failed', false);
  await published(4, other.id);
  await published(5, null);
  const current = await published(6, bundle.id);
  await published(7, bundle.id);

  const previous = await previousPublishedInBundle(db, { id: current, tenantId: owner.tenantId, bundleId: bundle.id, createdAt: at(6) });
  assert.equal(previous?.runId, second);
  assert.deepEqual(previous?.result.findings, [{ n: 2 }]);
  assert.deepEqual([...previous!.documentNames], [[1, 'том-2.pdf']]);
  const ofSecond = await previousPublishedInBundle(db, { id: second, tenantId: owner.tenantId, bundleId: bundle.id, createdAt: at(2) });
  assert.equal(ofSecond?.runId, first);
  assert.equal(
    await previousPublishedInBundle(db, { id: first, tenantId: owner.tenantId, bundleId: bundle.id, createdAt: at(1) }),
    null,
    'the first round has none',
  );

  const foreign = await addTenant(store.db);
  assert.equal(
    await previousPublishedInBundle(db, { id: current, tenantId: foreign.tenantId, bundleId: bundle.id, createdAt: at(6) }),
    null,
    'never a run of another organization',
  );
});
