import type { Kysely } from 'kysely';

/**
 * feedback.carried_from: a decision carried over from the previous round of a bundle names the decision it repeats
 * (its feedback_id); null for a decision taken on the finding itself. api_keys.label: the name the organization
 * gives a key (the specialist who uses it), by which decisions and registers name their author.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('feedback').addColumn('carried_from', 'text').execute();
  await db.schema.alterTable('api_keys').addColumn('label', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
