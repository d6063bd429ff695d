import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect, type Dialect } from 'kysely';
import type { Config } from '../config.ts';
import { migrationProvider } from './migrations/index.ts';
import { cachingStatements } from './statement-cache.ts';
import { postgresRunReads, sqliteRunReads, type RunReads } from './run-reads.ts';
import { changeWritePlugin, postgresChangeFeed, sqliteChangeFeed, type ChangeFeed } from './change-feed.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

export interface Store {
  db: Db;
  dialect: DialectName;
  /** When cached keys, organizations and runs may have changed (see change-feed.ts). */
  changes: ChangeFeed;
  /** The polling read below the query builder (see run-reads.ts). */
  runReads: RunReads;
  /** The connections to the database now: the PostgreSQL pool's, or SQLite's one (kernel/metrics.ts drs_db_pool_connections). */
  pool(): PoolStats;
  /** Resolves when the database answers a trivial query (GET /ready). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open, idle among them, queries waiting for one, and the most the pool opens. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** The only connection of an embedded SQLite store: always open; its queries take turns inside the process. */
const SQLITE_POOL: PoolStats = { total: 1, idle: 1, waiting: 0, max: 1 };

function sqliteDialect(database: SQLite.Database): Dialect {
  // WAL lets the CLI and the server share the file; busy_timeout makes writers wait instead of failing.
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 10000');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  return new SqliteDialect({ database: cachingStatements(database) });
}

async function postgresPool(url: string): Promise<import('pg').Pool> {
  const pg = await import('pg');
  // bigint columns, count(*) and sum(integer) come back as JS numbers (sizes stay far below 2^53);
  // numeric (sum over a bigint column) likewise, since the schema has no fractional columns.
  pg.default.types.setTypeParser(20, (v: string) => Number(v));
  pg.default.types.setTypeParser(1700, (v: string) => Number(v));
  const pool = new pg.default.Pool({ connectionString: url, max: 10 });
  // An idle connection closed by the server (restart, administrator termination) is an 'error' event on the
  // pool; without a listener it would crash the process. The pool replaces the client; queries in flight
  // still fail on their own and are handled where they were made.
  pool.on('error', () => undefined);
  return pool;
}

export async function openStore(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<Store> {
  const isPg = !!config.databaseUrl && /^postgres(ql)?:\/\//.test(config.databaseUrl);
  let dialect: Dialect;
  let changes: ChangeFeed;
  let runReads: RunReads | undefined;
  let sqlite: SQLite.Database | undefined;
  let pool: () => PoolStats = () => SQLITE_POOL;
  if (isPg) {
    const pg = await postgresPool(config.databaseUrl!);
    pool = () => ({ total: pg.totalCount, idle: pg.idleCount, waiting: pg.waitingCount, max: pg.options.max ?? 10 });
    dialect = new PostgresDialect({ pool: pg });
    changes = postgresChangeFeed(config.databaseUrl!);
    runReads = postgresRunReads(pg);
  } else {
    mkdirSync(config.dataDir, { recursive: true });
    sqlite = new SQLite(join(config.dataDir, 'drs.sqlite'));
    dialect = sqliteDialect(sqlite);
    changes = sqliteChangeFeed(sqlite);
  }
  const db = new Kysely<Database>({ dialect, plugins: [changeWritePlugin(() => changes)] });
  runReads ??= sqliteRunReads(sqlite!, db);
  return {
    db,
    dialect: isPg ? 'postgres' : 'sqlite',
    changes,
    runReads,
    pool,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: async () => {
      await changes.stop();
      await db.destroy();
    },
  };
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
