import type { Kysely } from 'kysely';

/**
 * designer_answers: the designer's answers to the remarks of a run, brought in from the filled register (XLSX):
 * one row per remark, replaced as a whole by each upload.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('designer_answers')
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('finding_id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('register_no', 'integer', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('sheet', 'text', (c) => c.notNull())
    .addColumn('closed', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('designer_answers_pk', ['run_id', 'finding_id'])
    .execute();
  await db.schema.createIndex('designer_answers_tenant').on('designer_answers').columns(['tenant_id', 'run_id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
