import type { Kysely } from 'kysely';

/**
 * Specialist decisions, section assignments of employees and memory notes.
 * Concurrency rules live in the unique indexes, so they hold across processes sharing one database:
 * - feedback (run_id, finding_id, actor, version): of parallel decisions on one version exactly one is stored;
 * - feedback (tenant_id, request_key): a submission label creates at most one decision in the organization;
 * - discipline_assignments (run_id, section): a section of a run belongs to one employee;
 * - memory_notes (tenant_id, feedback_id): one note per decision.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('run_id', 'text', (c) => c.notNull().references('runs.id'))
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('finding_id', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('reason_code', 'text')
    .addColumn('employee_id', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('request_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_run_finding_actor_version').on('feedback').columns(['run_id', 'finding_id', 'actor', 'version']).unique().execute();
  await db.schema.createIndex('feedback_tenant_request_key').on('feedback').columns(['tenant_id', 'request_key']).unique().execute();

  await db.schema
    .createTable('discipline_assignments')
    .addColumn('run_id', 'text', (c) => c.notNull().references('runs.id'))
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('employee_id', 'text', (c) => c.notNull())
    .addColumn('assigned_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('discipline_assignments_pk', ['run_id', 'section'])
    .execute();

  await db.schema
    .createTable('memory_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('feedback_id', 'text', (c) => c.notNull().references('feedback.id'))
    .addColumn('bundle_id', 'text', (c) => c.notNull().references('bundles.id'))
    .addColumn('run_id', 'text', (c) => c.notNull().references('runs.id'))
    .addColumn('finding_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('memory_notes_tenant_feedback').on('memory_notes').columns(['tenant_id', 'feedback_id']).unique().execute();
  await db.schema.createIndex('memory_notes_tenant_created').on('memory_notes').columns(['tenant_id', 'created_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
