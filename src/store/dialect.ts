/**
 * The few things that differ between SQLite and PostgreSQL, as one small adapter. Everything else in the
 * store is dialect-neutral Kysely.
 *
 * Concurrency model: SQLite has one writer at a time, so a single conditional UPDATE is already serialized.
 * PostgreSQL runs writers concurrently at READ COMMITTED: a conditional UPDATE re-checks its WHERE on the
 * newest row version (exact for counters such as checks_left), but a condition over *other* rows (how many
 * runs of a tenant are running) needs a lock that makes those writers take turns.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db, DialectName } from './db.ts';

export interface DialectAdapter {
  readonly name: DialectName;
  /** True when writers run at once, so a claim whose condition counts other rows must lock their group first. */
  readonly concurrentWriters: boolean;
  /** Row-lock suffix of a queue pick: PostgreSQL skips rows that other transactions hold; SQLite needs none. */
  skipLocked(): RawBuilder<unknown>;
  /**
   * Takes the claim lock of one group of rows (a tenant) until the end of the current transaction, waiting
   * while another transaction holds it. A transaction must take at most one, so claimers never wait in a cycle.
   */
  lockGroup(trx: Db, key: string): Promise<void>;
}

/** Namespace of the service's advisory locks (first key of the two-key form), "DRS1". */
const ADVISORY_NAMESPACE = 0x44525331;

const postgres: DialectAdapter = {
  name: 'postgres',
  concurrentWriters: true,
  skipLocked: () => sql`for update skip locked`,
  // A transaction-scoped advisory lock keyed by a hash of the key (a collision only makes two groups take turns).
  async lockGroup(trx, key) {
    await sql`select pg_advisory_xact_lock(${ADVISORY_NAMESPACE}, hashtext(${key}))`.execute(trx);
  },
};

const sqlite: DialectAdapter = {
  name: 'sqlite',
  concurrentWriters: false,
  skipLocked: () => sql``,
  async lockGroup() {},
};

export function dialectAdapter(name: DialectName): DialectAdapter {
  return name === 'postgres' ? postgres : sqlite;
}
