/** Opens the store a test server uses (same DATA_DIR / DATABASE_URL), to inspect or seed rows directly. */
import { openStore, type Store } from '../../src/store/db.ts';

export function openTestDatabase(env: Record<string, string>): Promise<Store> {
  return openStore({ dataDir: env.DATA_DIR!, databaseUrl: env.DATABASE_URL ?? null });
}
