import type { Kysely } from 'kysely';

/**
 * PDF reports that could not be built at publication are rebuilt later from the published result.
 * report_meta keeps what the reports say about the run (organization, object, documents, publication time)
 * as it was at publication, so a rebuild needs neither the source documents nor the current rows.
 * pdf_build_owner / pdf_build_expires_at are the lease of the one process building the PDFs;
 * pdf_build_attempts, pdf_retry_at and pdf_error record failed builds and when the next one may start.
 * One ADD COLUMN per statement: SQLite accepts no more.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('results').addColumn('report_meta', 'text').execute();
  await db.schema.alterTable('results').addColumn('pdf_build_owner', 'text').execute();
  await db.schema.alterTable('results').addColumn('pdf_build_expires_at', 'text').execute();
  await db.schema
    .alterTable('results')
    .addColumn('pdf_build_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('results').addColumn('pdf_retry_at', 'text').execute();
  await db.schema.alterTable('results').addColumn('pdf_error', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
