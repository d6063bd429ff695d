import { sql } from 'kysely';
import type { Db, DialectName } from '../store/db.ts';
import type { Tenant } from '../store/schema.ts';
import { documentsOfMany, listRuns } from '../store/repositories/runs.ts';
import { statusBody } from '../presenters/runs.ts';

type Counts = Record<string, number> & { total: number };

/** A published result never changes under its snapshot, so its counts are read once per process. */
const countsBySnapshot = new Map<string, Counts>();
const MAX_CACHED = 20_000;

/**
 * The runs page: the same run statuses as GET /runs (one query for runs, one for their documents) plus each
 * done run's counts of findings by importance, which the list shows and GET /runs does not carry.
 */
export async function cabinetRunsList(db: Db, dialect: DialectName, tenant: Tenant, limit: number) {
  const runs = await listRuns(db, tenant.id, limit);
  const ids = runs.map((r) => r.id);
  const docs = await documentsOfMany(db, ids);
  const done = runs.filter((r) => r.status === 'done').map((r) => r.id);
  const counts = new Map<string, Counts>();
  if (done.length) {
    const snapshots = await db.selectFrom('results').select(['run_id', 'snapshot']).where('run_id', 'in', done).execute();
    const missing = snapshots.filter((s) => !countsBySnapshot.has(s.snapshot));
    if (missing.length) {
      // Only the counts leave the database: the whole body of 200 results is megabytes to send and parse.
      const countsText = dialect === 'postgres' ? sql<string>`(body::json -> 'counts')::text` : sql<string>`json_extract(body, '$.counts')`;
      const rows = await db
        .selectFrom('results')
        .select(['snapshot', countsText.as('counts')])
        .where(
          'run_id',
          'in',
          missing.map((s) => s.run_id),
        )
        .execute();
      for (const r of rows) {
        if (countsBySnapshot.size >= MAX_CACHED) countsBySnapshot.clear();
        if (r.counts) countsBySnapshot.set(r.snapshot, JSON.parse(r.counts) as Counts);
      }
    }
    for (const s of snapshots) {
      const c = countsBySnapshot.get(s.snapshot);
      if (c) counts.set(s.run_id, c);
    }
  }
  return {
    organization: tenant.name,
    checks_left: tenant.checks_left,
    runs: runs.map((r) => ({ ...statusBody(r, docs.get(r.id) ?? [], tenant.checks_left), counts: counts.get(r.id) ?? null })),
  };
}
