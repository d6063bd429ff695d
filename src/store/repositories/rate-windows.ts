/**
 * Shared request counts per API key and minute (rate_windows), written by every API node's rate limiter
 * (src/http/rate-limit.ts) about once a second: one upsert adds a node's counts and answers the totals.
 */
import { sql } from 'kysely';
import type { Db } from '../db.ts';

/** Rows per statement: three parameters each, well under SQLite's and PostgreSQL's limits. */
const ROWS_PER_STATEMENT = 1000;

/**
 * Adds each key's requests to its count of the window beginning at windowStart (ISO time) and answers the
 * counts as they are after the addition — every node's requests included.
 */
export async function addWindowRequests(db: Db, windowStart: string, requests: ReadonlyMap<string, number>): Promise<Map<string, number>> {
  const rows = [...requests].map(([key_id, n]) => ({ key_id, window_start: windowStart, requests: n }));
  const totals = new Map<string, number>();
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const counted = await db
      .insertInto('rate_windows')
      .values(rows.slice(i, i + ROWS_PER_STATEMENT))
      .onConflict((oc) => oc.columns(['key_id', 'window_start']).doUpdateSet({ requests: sql<number>`rate_windows.requests + excluded.requests` }))
      .returning(['key_id', 'requests'])
      .execute();
    for (const row of counted) totals.set(row.key_id, Number(row.requests));
  }
  return totals;
}

/** Deletes the counts of windows that began before windowStart (ISO time): they ended. */
export async function deleteWindowsBefore(db: Db, windowStart: string): Promise<void> {
  await db.deleteFrom('rate_windows').where('window_start', '<', windowStart).execute();
}
