/**
 * Tells a node when rows it keeps answers for in memory may have changed: keys and organizations (the key
 * cache, src/store/key-cache.ts) and runs with their documents (the run status cache,
 * src/http/run-status-cache.ts).
 *
 * SQLite: `PRAGMA data_version`, read with one prepared statement before a cached answer is used (in-process,
 * no round trip; at most once a millisecond), changes whenever another connection — another process on the
 * same file — committed; this process's own writes are reported by changeWritePlugin as they complete.
 * Either empties every cache.
 * PostgreSQL: LISTEN on a dedicated connection; triggers (migration 050) NOTIFY with the organization or run
 * that changed, so only its entries are dropped. While that connection is down caches are not trusted (every
 * request reads the database); when it is back they start empty, since notifications sent meanwhile were lost.
 */
import type { Database } from 'better-sqlite3';
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { Logger } from 'pino';

export const CHANGE_CHANNEL = 'drs_changed';

/** What changed: one organization (its keys included), one run (its documents included), or anything (null). */
export type Changed = { tenantId: string } | { runId: string } | null;

export interface ChangeFeed {
  /** Connects the PostgreSQL listener; no-op on SQLite. Call once migrations have run. */
  start(log?: Pick<Logger, 'warn' | 'info'>): Promise<void>;
  /**
   * Called synchronously before a cached answer is used: delivers changes seen since the last call and
   * answers false when changes cannot be known right now (caches must not be used).
   */
  sync(): boolean;
  /** Counts every change delivered; an answer read at generation g may be cached only while it is still g. */
  readonly generation: number;
  onChange(listener: (changed: Changed) => void): void;
  /** A write of this process to a watched table has completed (see changeWritePlugin). */
  wrote(): void;
  stop(): Promise<void>;
}

class Listeners {
  generation = 0;
  private readonly all: ((changed: Changed) => void)[] = [];
  add(fn: (changed: Changed) => void): void {
    this.all.push(fn);
  }
  emit(changed: Changed): void {
    this.generation++;
    for (const fn of this.all) fn(changed);
  }
}

/**
 * How often, at most, SQLite's change signal is read. Reading it starts a read transaction, which takes a
 * shared lock on the WAL index (system calls): per request it was the largest single cost of a cached poll.
 * A commit of another process is therefore seen within a millisecond — the order of a PostgreSQL
 * notification's delivery — while this process's own writes are seen at once (changeWritePlugin).
 */
const SQLITE_SIGNAL_INTERVAL_MS = 1;

export function sqliteChangeFeed(database: Database): ChangeFeed {
  const listeners = new Listeners();
  let version: (() => number) | null = null;
  let seen: number | null = null;
  let readAt = -Infinity;
  return {
    async start() {},
    sync() {
      const now = performance.now();
      if (now - readAt < SQLITE_SIGNAL_INTERVAL_MS) return true;
      readAt = now;
      version ??= (
        (statement) => () =>
          statement.get() as number
      )(database.prepare('pragma data_version').pluck());
      const v = version();
      if (v !== seen) {
        seen = v;
        listeners.emit(null);
      }
      return true;
    },
    get generation() {
      return listeners.generation;
    },
    onChange: (fn) => listeners.add(fn),
    wrote: () => listeners.emit(null),
    async stop() {},
  };
}

const RECONNECT_MS = 1000;

/** Payloads of the triggers: "t:<tenant id>" or "r:<run id>". */
function parsePayload(payload: string | undefined): Changed {
  if (payload?.startsWith('t:')) return { tenantId: payload.slice(2) };
  if (payload?.startsWith('r:')) return { runId: payload.slice(2) };
  return null;
}

export function postgresChangeFeed(url: string): ChangeFeed {
  const listeners = new Listeners();
  let listening = false;
  let stopped = false;
  let client: import('pg').Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let log: Pick<Logger, 'warn' | 'info'> | undefined;

  const connect = async (): Promise<void> => {
    const pg = (await import('pg')).default;
    const c = new pg.Client({ connectionString: url });
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = null;
      listening = false;
      listeners.emit(null);
      if (stopped) return;
      log?.warn({ err: err?.message }, 'change listener lost; answers are read from the database until it is back');
      c.end().catch(() => undefined);
      retry = setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS);
      retry.unref();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (msg) => {
      if (msg.channel === CHANGE_CHANNEL) listeners.emit(parsePayload(msg.payload));
    });
    client = c;
    try {
      await c.connect();
      await c.query(`listen ${CHANGE_CHANNEL}`);
    } catch (err) {
      lost(err as Error);
      return;
    }
    if (client !== c || stopped) return;
    // Whatever changed while nobody listened is unknown: start from empty caches.
    listeners.emit(null);
    listening = true;
  };

  return {
    async start(logger) {
      log = logger;
      if (client || stopped) return;
      await connect();
    },
    sync: () => listening,
    get generation() {
      return listeners.generation;
    },
    onChange: (fn) => listeners.add(fn),
    wrote: () => listeners.emit(null),
    async stop() {
      stopped = true;
      listening = false;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}

/** Tables whose rows are cached; api_keys.last_used_at alone (written while polling) does not count. */
const WATCHED = new Set(['tenants', 'api_keys', 'runs', 'documents']);

const tableName = (n: OperationNode | undefined): string | undefined => {
  const t = n && n.kind === 'AliasNode' ? (n as unknown as { node: OperationNode }).node : n;
  return t && t.kind === 'TableNode' ? (t as unknown as { table: { identifier: { name: string } } }).table.identifier.name : undefined;
};

/** Whether a statement may change a watched row (raw SQL counts unless it is a SELECT). */
function writesWatched(node: RootOperationNode): boolean {
  switch (node.kind) {
    case 'InsertQueryNode':
      return WATCHED.has(tableName(node.into) ?? '');
    case 'UpdateQueryNode': {
      const table = tableName(node.table) ?? '';
      if (table === 'api_keys') {
        const columns = (node.updates ?? []).map((u) => (u.column as unknown as { column: { name: string } }).column.name);
        return columns.some((c) => c !== 'last_used_at');
      }
      return WATCHED.has(table);
    }
    case 'DeleteQueryNode':
      return node.from.froms.some((f) => WATCHED.has(tableName(f) ?? ''));
    case 'RawNode':
      return !/^\s*select\b/i.test(node.sqlFragments[0] ?? '');
    default:
      return false;
  }
}

/**
 * A write of this very process is known before any notification: once a statement writing a watched table
 * has completed, caches are emptied, so a revocation through the domain functions, a charge or a status
 * change is seen by this process's next request.
 */
export function changeWritePlugin(feed: () => ChangeFeed | undefined): KyselyPlugin {
  const pending = new WeakSet<object>();
  return {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      if (writesWatched(args.node)) pending.add(args.queryId);
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (pending.has(args.queryId)) feed()?.wrote();
      return args.result;
    },
  };
}
