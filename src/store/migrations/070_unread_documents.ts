import type { Kysely } from 'kysely';

/**
 * documents.unread_reason: why not one page of the document could be read (in Russian, for the user), written
 * by the reading stage; null for a document that was read or not read yet. The run status names these documents.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('unread_reason', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
