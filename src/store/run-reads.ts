/**
 * The polling read — a run of a tenant with its documents — below the query builder, because it is the one
 * query clients repeat thousands of times a minute: building and compiling it with Kysely costs more than
 * running it. SQLite: two statements prepared once and run synchronously on the store's connection.
 * PostgreSQL: one named prepared statement (parsed and planned once per connection) returning the run and
 * its documents in one round trip. Rows are shaped exactly like the Kysely rows of the same tables and mapped
 * once per read, as every repository maps them.
 */
import type { Database } from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Pool } from 'pg';
import type { Database as Schema } from './schema.ts';
import type { Run, RunDocument } from '../kernel/model/runs.ts';
import { toRun, toRunDocument, type DocumentRow, type RunRow } from './repositories/run-rows.ts';

export interface RunWithDocuments {
  run: Run;
  documents: RunDocument[];
}

export interface RunReads {
  /** The run if it belongs to the tenant (ids already canonical), with its documents in order. */
  runWithDocuments(tenantId: string, runId: string): Promise<RunWithDocuments | undefined>;
}

export function sqliteRunReads(database: Database, db: Kysely<Schema>): RunReads {
  let read: ((runId: string, tenantId: string) => RunWithDocuments | undefined) | null = null;
  const prepare = () => {
    const run = database.prepare('select * from runs where id = ? and tenant_id = ?');
    const documents = database.prepare('select * from documents where run_id = ? order by idx');
    // Two statements, as the query builder ran them: documents are written with their run at acceptance.
    return (runId: string, tenantId: string) => {
      const row = run.get(runId, tenantId) as RunRow | undefined;
      return row ? { run: toRun(row), documents: (documents.all(runId) as DocumentRow[]).map(toRunDocument) } : undefined;
    };
  };
  return {
    runWithDocuments(tenantId, runId) {
      // Through Kysely's connection lock: never inside another request's open transaction on this connection.
      return db.connection().execute(async () => (read ??= prepare())(runId, tenantId));
    },
  };
}

const RUN_WITH_DOCUMENTS = `
  select row_to_json(r)::text as run,
         coalesce((select json_agg(d order by d.idx) from documents d where d.run_id = r.id), '[]')::text as documents
  from runs r where r.id = $1 and r.tenant_id = $2`;

export function postgresRunReads(pool: Pool): RunReads {
  return {
    async runWithDocuments(tenantId, runId) {
      const res = await pool.query<{ run: string; documents: string }>({ name: 'drs_run_with_documents', text: RUN_WITH_DOCUMENTS, values: [runId, tenantId] });
      const row = res.rows[0];
      return row ? { run: toRun(JSON.parse(row.run) as RunRow), documents: (JSON.parse(row.documents) as DocumentRow[]).map(toRunDocument) } : undefined;
    },
  };
}
