/**
 * The few statements that differ between SQLite and PostgreSQL, in one place. Everything else in the store
 * is dialect-neutral Kysely.
 *
 * Concurrency model: SQLite has one writer at a time, so a single conditional UPDATE is already serialized.
 * PostgreSQL runs writers concurrently at READ COMMITTED: a conditional UPDATE re-checks its WHERE on the
 * newest row version (exact for counters such as checks_left), but a condition over *other* rows (how many
 * runs of a tenant are running) needs a lock that makes those writers take turns.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db, DialectName } from './db.ts';

/** Row-lock suffix for a queue pick: PostgreSQL skips rows that other transactions hold; SQLite needs none. */
export function skipLockedRows(dialect: DialectName, alias: string): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql`for update of ${sql.ref(alias)} skip locked` : sql``;
}

/** Namespace of the service's advisory locks (first key of the two-key form), "DRS1". */
const ADVISORY_NAMESPACE = 0x44525331;

/**
 * Takes the claim lock of one tenant until the end of the current transaction, waiting while another
 * transaction holds it. PostgreSQL: a transaction-scoped advisory lock keyed by a hash of the tenant id (a
 * collision only makes two tenants take turns). A transaction must take at most one such lock, so two
 * claimers can never wait for each other in a cycle. SQLite: nothing to do (writers are serialized).
 */
export async function lockTenantClaims(trx: Db, dialect: DialectName, tenantId: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${ADVISORY_NAMESPACE}, hashtext(${tenantId}))`.execute(trx);
}
