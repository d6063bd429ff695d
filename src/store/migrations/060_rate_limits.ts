import type { Kysely } from 'kysely';

/**
 * Requests per minute per API key (src/http/rate-limit.ts). tenants.rate_limit_per_minute is the organization's
 * own limit: null = the service default (RATE_LIMIT_PER_MINUTE), 0 = unlimited. rate_windows holds the count of
 * one key in one minute summed over every API node: each node adds what it counted about once a second and reads
 * the total back; windows that ended are deleted by the same flushes.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tenants').addColumn('rate_limit_per_minute', 'integer').execute();
  await db.schema
    .createTable('rate_windows')
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_windows_pk', ['key_id', 'window_start'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
