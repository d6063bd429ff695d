import type { Kysely } from 'kysely';

/**
 * Sessions of the cabinet (the organization's web interface). The cookie carries an opaque random id; only its
 * sha256 is stored, so a copy of the database opens no session. A session belongs to the key that opened it:
 * revoking the key or suspending the organization ends it on the next request on any node (checked by a join).
 * ended_at is set by logout; expires_at bounds a forgotten session.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cabinet_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('key_id', 'text', (c) => c.notNull().references('api_keys.id'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema.createIndex('cabinet_sessions_key').on('cabinet_sessions').column('key_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
