/**
 * Reading a tenant's runs for the routes and the cabinet: a run of the tenant (404 for a foreign or missing
 * one), its documents, the latest runs, and what publication stored (report keys, counts of findings).
 */
import type { Db, DialectName } from '../store/db.ts';
import type { Run, RunDocument } from '../kernel/model/runs.ts';
import { documentOfRun, documentsOf, documentsOfMany, getRunForTenant, listRuns } from '../store/repositories/runs.ts';
import {
  countsOf,
  objectTitlesOf,
  snapshotsOf,
  storedReportKeys,
  type FindingCounts,
  type ObjectTitle,
  type ReportKeys,
} from '../store/repositories/results.ts';

export type { FindingCounts, ObjectTitle, ReportKeys };

/** A run of this tenant, or the error runNotFound — a foreign run is indistinguishable from a missing one. */
export function getRunOf(db: Db, tenantId: string, runId: string): Promise<Run> {
  return getRunForTenant(db, tenantId, runId);
}

/** The documents of a run, in order. */
export function documentsOfRun(db: Db, runId: string): Promise<RunDocument[]> {
  return documentsOf(db, runId);
}

/** Document number idx (from 1) of a run, if it has one. */
export function documentOfRunAt(db: Db, runId: string, idx: number): Promise<RunDocument | undefined> {
  return documentOfRun(db, runId, idx);
}

/** The latest runs of a tenant, newest first, with their documents (two queries whatever the limit). */
export async function listRunsWithDocuments(db: Db, tenantId: string, limit: number): Promise<{ runs: Run[]; documents: Map<string, RunDocument[]> }> {
  const runs = await listRuns(db, tenantId, limit);
  const documents = await documentsOfMany(
    db,
    runs.map((r) => r.id),
  );
  return { runs, documents };
}

/** The report keys stored with a run's published result; null before publication. */
export function reportKeysOf(db: Db, tenantId: string, runId: string): Promise<ReportKeys | null> {
  return storedReportKeys(db, tenantId, runId);
}

/** The feedback_snapshot of each published run among runIds (runs without a result are absent). */
export function publishedSnapshotsOf(db: Db, runIds: readonly string[]): Promise<Map<string, string>> {
  return snapshotsOf(db, runIds);
}

/** The object's cipher and name of the published results of runIds, by run id. */
export function publishedObjectTitles(db: Db, dialect: DialectName, runIds: readonly string[]): Promise<Map<string, ObjectTitle>> {
  return objectTitlesOf(db, dialect, runIds);
}

/** The counts of findings of the published results of runIds, by snapshot. */
export function findingCountsOf(db: Db, dialect: DialectName, runIds: readonly string[]): Promise<Map<string, FindingCounts>> {
  return countsOf(db, dialect, runIds);
}
