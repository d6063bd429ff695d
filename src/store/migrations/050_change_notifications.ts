import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * API nodes keep answers in memory — key → organization, and the status of polled runs — and must learn at
 * once when the rows behind them change (src/store/change-feed.ts). On PostgreSQL these triggers NOTIFY every
 * listening node at commit with what changed: "t:<tenant id>" for an organization or one of its keys, "r:<run
 * id>" for a run or its documents. Only columns that answers depend on count: api_keys.last_used_at, written
 * while polling, does not. SQLite needs nothing here: PRAGMA data_version already tells a connection that
 * another one committed.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const notify = async (fn: string, payload: string) =>
    sql
      .raw(
        `create function ${fn}() returns trigger language plpgsql as $$
         begin
           perform pg_notify('drs_changed', ${payload});
           return null;
         end $$`,
      )
      .execute(db);
  await notify('drs_tenant_changed', `'t:' || coalesce(new.id, old.id)`);
  await notify('drs_key_changed', `'t:' || coalesce(new.tenant_id, old.tenant_id)`);
  await notify('drs_run_changed', `'r:' || coalesce(new.id, old.id)`);
  await notify('drs_document_changed', `'r:' || coalesce(new.run_id, old.run_id)`);
  await sql`create trigger tenants_changed after update or delete on tenants for each row execute function drs_tenant_changed()`.execute(db);
  await sql`create trigger api_keys_changed after insert or delete or update of tenant_id, key_hash, revoked_at on api_keys
    for each row execute function drs_key_changed()`.execute(db);
  await sql`create trigger runs_changed after update or delete on runs for each row execute function drs_run_changed()`.execute(db);
  await sql`create trigger documents_changed after insert or update or delete on documents for each row execute function drs_document_changed()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
