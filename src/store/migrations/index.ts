import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001_core.ts';

/**
 * Static list of migrations (no directory scanning, so it works the same under any loader).
 * Each file is forward-only and dialect-neutral; a new migration is one new line here.
 */
const migrations: Record<string, Migration> = {
  '001_core': m001,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
