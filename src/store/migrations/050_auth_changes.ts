import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * API nodes keep the key → organization answer in memory (src/store/key-cache.ts); these triggers tell them
 * when it may have changed, so a revoked key or a suspended organization is refused on the very next request.
 * Only the columns authentication reads count: last_used_at (written while polling) does not.
 *
 * SQLite: a one-row counter bumped in the writing transaction; a node reads it (a prepared, in-process
 * statement) before trusting its cache, which also sees writes of other processes on the same file.
 * PostgreSQL: NOTIFY with the organization id, delivered at commit to every node that LISTENs; no counter
 * row, which would make every charge of every organization wait on one row lock.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function drs_auth_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('drs_auth_changed', coalesce(new.tenant_id, old.tenant_id));
        return null;
      end $$`.execute(db);
    await sql`
      create function drs_tenant_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('drs_auth_changed', coalesce(new.id, old.id));
        return null;
      end $$`.execute(db);
    await sql`create trigger api_keys_auth_changed after insert or delete or update of tenant_id, key_hash, revoked_at
      on api_keys for each row execute function drs_auth_changed()`.execute(db);
    await sql`create trigger tenants_auth_changed after update or delete on tenants for each row execute function drs_tenant_changed()`.execute(db);
    return;
  }
  await sql`create table auth_version (id integer primary key, version integer not null)`.execute(db);
  await sql`insert into auth_version (id, version) values (1, 0)`.execute(db);
  const bump = sql.raw('begin update auth_version set version = version + 1 where id = 1; end');
  await sql`create trigger api_keys_auth_insert after insert on api_keys ${bump}`.execute(db);
  await sql`create trigger api_keys_auth_update after update of tenant_id, key_hash, revoked_at on api_keys ${bump}`.execute(db);
  await sql`create trigger api_keys_auth_delete after delete on api_keys ${bump}`.execute(db);
  await sql`create trigger tenants_auth_update after update on tenants ${bump}`.execute(db);
  await sql`create trigger tenants_auth_delete after delete on tenants ${bump}`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
