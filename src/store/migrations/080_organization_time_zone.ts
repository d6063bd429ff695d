import type { Kysely } from 'kysely';

/**
 * tenants.time_zone: the IANA zone in which the organization reads the service's times (cabinet, reports,
 * register). Existing organizations keep Moscow time, which every organization read before.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Europe/Moscow'))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
