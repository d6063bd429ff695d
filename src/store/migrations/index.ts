import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001_core.ts';
import * as m010 from './010_feedback_memory.ts';
import * as m020 from './020_webhooks.ts';
import * as m030 from './030_report_rebuild.ts';
import * as m040 from './040_cabinet_sessions.ts';
import * as m050 from './050_change_notifications.ts';
import * as m060 from './060_rate_limits.ts';
import * as m070 from './070_unread_documents.ts';
import * as m080 from './080_organization_time_zone.ts';
import * as m090 from './090_carried_decisions.ts';
import * as m100 from './100_designer_answers.ts';

/**
 * Static list of migrations (no directory scanning, so it works the same under any loader).
 * Each file is forward-only and dialect-neutral; a new migration is one new line here.
 */
const migrations: Record<string, Migration> = {
  '001_core': m001,
  '010_feedback_memory': m010,
  '020_webhooks': m020,
  '030_report_rebuild': m030,
  '040_cabinet_sessions': m040,
  '050_change_notifications': m050,
  '060_rate_limits': m060,
  '070_unread_documents': m070,
  '080_organization_time_zone': m080,
  '090_carried_decisions': m090,
  '100_designer_answers': m100,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
