/**
 * A migrated Store for tests that use the database directly: a fresh SQLite file in a temp directory by
 * default, or a fresh PostgreSQL database when TEST_DATABASE_URL=postgres://… is set (the same switch as
 * test/helpers/server.ts). dispose() closes every connection opened through it and removes the directory
 * or drops the database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openStore, type Store } from '../../src/store/db.ts';
import { createTestDatabase } from './server.ts';

export interface TestStore extends Store {
  /** DATA_DIR and DATABASE_URL of this store, for a child process (`drs …`) that must use the same data. */
  env: Record<string, string>;
  /** Another independent connection (pool) to the same database, as a second process would have. */
  openSecond(): Promise<Store>;
  dispose(): Promise<void>;
}

export async function openTestStore(): Promise<TestStore> {
  const dataDir = await mkdtemp(join(tmpdir(), 'drs-store-'));
  const database = await createTestDatabase();
  const config = { dataDir, databaseUrl: database?.url ?? null };
  const opened: Store[] = [];
  const open = async () => {
    const s = await openStore(config);
    opened.push(s);
    return s;
  };
  const store = await open();
  await migrateToLatest(store.db);
  return {
    ...store,
    env: { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) },
    openSecond: open,
    async dispose() {
      await Promise.allSettled(opened.map((s) => s.close()));
      await rm(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}
