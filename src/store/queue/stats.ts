/**
 * What an operator sees of the queues (kernel/metrics.ts, read on each scrape of /metrics): runs by state, and
 * for each leased queue the items ready to be claimed and when the oldest of them became ready. Reads only,
 * each on an index (runs by status and creation, deliveries by status and due time); PDF rebuilds are the
 * results whose PDF is missing, few by nature.
 */
import { sql } from 'kysely';
import type { Db } from '../db.ts';

export type QueueName = 'runs' | 'webhook_deliveries' | 'pdf_builds';

export interface QueueStats {
  /** Runs by status (queued, running, done, failed); a status without runs is absent. */
  runsByState: Record<string, number>;
  /** Items waiting per queue and the ISO time the oldest became ready (null when none waits). */
  waiting: Record<QueueName, { count: number; oldestSince: string | null }>;
}

export async function queueStats(db: Db, now: Date): Promise<QueueStats> {
  const at = now.toISOString();
  const [states, queued, deliveries, pdfs] = await Promise.all([
    db
      .selectFrom('runs')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('runs')
      .where('status', '=', 'queued')
      .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('created_at').as('oldest')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('webhook_deliveries')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', at)
      .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('next_attempt_at').as('oldest')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('results')
      .where('report_pdf_key', 'is', null)
      .where((eb) => eb.or([eb('pdf_retry_at', 'is', null), eb('pdf_retry_at', '<=', at)]))
      .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min(sql<string>`coalesce(pdf_retry_at, published_at)`).as('oldest')])
      .executeTakeFirstOrThrow(),
  ]);
  const entry = (row: { n: number | string; oldest: string | null }) => ({ count: Number(row.n), oldestSince: row.oldest ?? null });
  return {
    runsByState: Object.fromEntries(states.map((s) => [s.status, Number(s.n)])),
    waiting: { runs: entry(queued), webhook_deliveries: entry(deliveries), pdf_builds: entry(pdfs) },
  };
}
