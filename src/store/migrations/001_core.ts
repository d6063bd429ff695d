import { sql, type Kysely } from 'kysely';

// Dialect-neutral DDL: text, integer and bigint only; booleans are 0/1 integers, JSON is text.
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tenants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('checks_left', 'integer', (c) => c.notNull())
    .addColumn('max_files', 'integer', (c) => c.notNull())
    .addColumn('max_file_bytes', 'bigint', (c) => c.notNull())
    .addColumn('max_total_bytes', 'bigint', (c) => c.notNull())
    .addColumn('max_pages', 'integer', (c) => c.notNull())
    .addColumn('oversize_factor', 'integer', (c) => c.notNull())
    .addColumn('concurrency', 'integer', (c) => c.notNull())
    .addColumn('sections', 'text')
    .addColumn('webhook_url', 'text')
    .addColumn('webhook_secret', 'text')
    .addColumn('webhook_settings', 'text')
    .addColumn('has_employees', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('access_from', 'text')
    .addColumn('access_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('tenants_checks_left_non_negative', sql`checks_left >= 0`)
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('last_used_at', 'text')
    .execute();

  await db.schema
    .createTable('bundles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bundles_tenant_created').on('bundles').columns(['tenant_id', 'created_at']).execute();

  await db.schema
    .createTable('runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('stage_text', 'text', (c) => c.notNull())
    .addColumn('progress', 'text')
    .addColumn('error', 'text')
    .addColumn('cancelled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('charged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('double_volume', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('volume_units', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_request', 'text')
    .addColumn('object_address', 'text')
    .addColumn('bundle_id', 'text', (c) => c.references('bundles.id'))
    .addColumn('bundle_label', 'text')
    .addColumn('bundle_version', 'integer')
    .addColumn('skipped', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('idempotency_key', 'text')
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('documents_deleted_at', 'text')
    .execute();
  await db.schema.createIndex('runs_tenant_created').on('runs').columns(['tenant_id', 'created_at']).execute();
  await db.schema.createIndex('runs_status_created').on('runs').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('documents')
    .addColumn('run_id', 'text', (c) => c.notNull().references('runs.id'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text')
    .addColumn('kind_chosen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('kind_guess', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('pdf_blob_key', 'text')
    .addColumn('pages', 'integer')
    .addColumn('converted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('page_from', 'integer')
    .addColumn('page_to', 'integer')
    .addColumn('warnings', 'text', (c) => c.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('documents_pk', ['run_id', 'idx'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('run_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['tenant_id', 'key'])
    .execute();

  await db.schema
    .createTable('ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('run_id', 'text')
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_tenant_created').on('ledger').columns(['tenant_id', 'created_at']).execute();

  await db.schema
    .createTable('results')
    .addColumn('run_id', 'text', (c) => c.primaryKey().references('runs.id'))
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('report_md_key', 'text', (c) => c.notNull())
    .addColumn('report_pdf_key', 'text')
    .addColumn('section_pdf_keys', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('theme_pdf_keys', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('report_zip_key', 'text')
    .addColumn('published_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('session_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
