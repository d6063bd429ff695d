import type { Db, DialectName } from '../store/db.ts';
import type { Organization } from '../kernel/model/organization.ts';
import { findingCountsOf, listRunsWithDocuments, publishedObjectTitles, publishedSnapshotsOf, type FindingCounts, type ObjectTitle } from '../domain/runs.ts';
import { statusBody } from '../http/presenters/runs.ts';
import { roundsInBundles } from '../store/repositories/results.ts';

/** A published result never changes under its snapshot, so its counts are read once per process. */
const countsBySnapshot = new Map<string, FindingCounts>();
const MAX_CACHED = 20_000;
/** A published run's object never changes either: read once per process, by run id. */
const titlesByRun = new Map<string, ObjectTitle>();

/**
 * The runs page: the same run statuses as GET /runs (one query for runs, one for their documents) plus each
 * done run's counts of findings by importance, which the list shows and GET /runs does not carry, and — for a done
 * run given without an address — the object's cipher and name from its result, by which the list names it — and
 * the round of every run of a bundle (one query for all).
 */
export async function cabinetRunsList(db: Db, dialect: DialectName, tenant: Organization, limit: number) {
  const { runs, documents: docs } = await listRunsWithDocuments(db, tenant.id, limit);
  const done = runs.filter((r) => r.status === 'done').map((r) => r.id);
  const counts = new Map<string, FindingCounts>();
  const unaddressed = runs.filter((r) => r.status === 'done' && !r.objectAddress).map((r) => r.id);
  const unread = unaddressed.filter((id) => !titlesByRun.has(id));
  for (const [runId, title] of await publishedObjectTitles(db, dialect, unread)) {
    if (titlesByRun.size >= MAX_CACHED) titlesByRun.clear();
    titlesByRun.set(runId, title);
  }
  if (done.length) {
    const snapshots = await publishedSnapshotsOf(db, done);
    const missing = [...snapshots].filter(([, snapshot]) => !countsBySnapshot.has(snapshot)).map(([runId]) => runId);
    for (const [snapshot, c] of await findingCountsOf(db, dialect, missing)) {
      if (countsBySnapshot.size >= MAX_CACHED) countsBySnapshot.clear();
      countsBySnapshot.set(snapshot, c);
    }
    for (const [runId, snapshot] of snapshots) {
      const c = countsBySnapshot.get(snapshot);
      if (c) counts.set(runId, c);
    }
  }
  // the round of each run of a bundle, so the list says which revision of the object a run is
  const rounds = await roundsInBundles(db, tenant.id, runs);
  return {
    organization: tenant.name,
    checks_left: tenant.checksLeft,
    runs: runs.map((r) => ({
      ...statusBody(r, docs.get(r.id) ?? [], tenant.checksLeft),
      counts: counts.get(r.id) ?? null,
      object_title: titlesByRun.get(r.id) ?? null,
      round: rounds.get(r.id) ?? null,
    })),
  };
}
