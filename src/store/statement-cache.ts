/**
 * Kysely's SQLite driver prepares every query anew (`database.prepare(sql)` per call): on a polling path that
 * is a tenth of the time. This wraps the better-sqlite3 handle so a statement is prepared once per SQL text
 * and reused. The texts are the compiled Kysely queries, a small closed set (plus variants of `in (…)`
 * lists), so a bounded LRU keeps every hot statement without growing with the data.
 *
 * SQLite itself rolls a transaction back when a statement in it fails with SQLITE_FULL (or SQLITE_IOERR,
 * SQLITE_NOMEM…); Kysely's ROLLBACK after that failure would then fail with «no transaction is active» and
 * replace the error that says why (a full disk, answered 507, by a 500). The ROLLBACK is therefore a no-op when
 * no transaction is left to end.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

const DEFAULT_CAPACITY = 500;

/** What Kysely's SQLite driver uses of a statement that changes nothing: `reader` and `run`. */
const ALREADY_ROLLED_BACK = { reader: false, run: () => ({ changes: 0, lastInsertRowid: 0 }) } as unknown as Statement;

export function cachingStatements(database: Database, capacity = DEFAULT_CAPACITY): SqliteDatabase {
  const cache = new Map<string, Statement>();
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare(sql: string) {
      if (sql === 'rollback' && !database.inTransaction) return ALREADY_ROLLED_BACK;
      const cached = cache.get(sql);
      // A statement still iterating (a streamed query) cannot run again; that caller gets its own.
      if (cached && !cached.busy) {
        // Re-inserting keeps the Map in least-recently-used order.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      if (!cached) {
        cache.set(sql, statement);
        if (cache.size > capacity) cache.delete(cache.keys().next().value!);
      }
      return statement;
    },
  };
}
