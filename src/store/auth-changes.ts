/**
 * Tells an API node when the keys or organizations it has cached may have changed (migration 050):
 * SQLite — a counter row read with one prepared statement before a cached answer is used (in-process, no
 * round trip; it sees the writes of other processes on the same file as well as this one's);
 * PostgreSQL — LISTEN on a dedicated connection, NOTIFY with the organization id from triggers. While that
 * connection is down the cache is not trusted (every request reads the database), and after it comes back
 * the cache is emptied, since notifications sent meanwhile were lost.
 */
import type { Database } from 'better-sqlite3';
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { Logger } from 'pino';

export const AUTH_CHANNEL = 'drs_auth_changed';

export interface AuthChanges {
  /** Connects the PostgreSQL listener; no-op on SQLite. Call once migrations have run. */
  start(log?: Pick<Logger, 'warn' | 'info'>): Promise<void>;
  /**
   * Called synchronously before a cached answer is used. Reports changes seen since the last call through
   * the listener, and answers false when changes cannot be known right now (the cache must not be used).
   */
  sync(): boolean;
  /** Registers the listener of changes: the organization id, or null for "anything may have changed". */
  onChange(listener: (tenantId: string | null) => void): void;
  /** A write of this process to keys or organizations has completed (see authWritePlugin). */
  wrote(): void;
  stop(): Promise<void>;
}

class Listeners {
  private readonly all: ((tenantId: string | null) => void)[] = [];
  add(fn: (tenantId: string | null) => void): void {
    this.all.push(fn);
  }
  emit(tenantId: string | null): void {
    for (const fn of this.all) fn(tenantId);
  }
}

export function sqliteAuthChanges(database: Database): AuthChanges {
  const listeners = new Listeners();
  let read: (() => number) | null = null;
  let seen: number | null = null;
  return {
    async start() {},
    sync() {
      try {
        if (!read) {
          const statement = database.prepare('select version from auth_version where id = 1').pluck();
          read = () => statement.get() as number;
        }
        const version = read();
        if (version !== seen) {
          seen = version;
          listeners.emit(null);
        }
        return true;
      } catch {
        // Not migrated yet (or the file is unreadable): the database itself answers every request.
        read = null;
        return false;
      }
    },
    onChange: (fn) => listeners.add(fn),
    wrote: () => listeners.emit(null),
    async stop() {},
  };
}

const RECONNECT_MS = 1000;

export function postgresAuthChanges(url: string): AuthChanges {
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
      log?.warn({ err: err?.message }, 'auth change listener lost; keys are read from the database until it is back');
      c.end().catch(() => undefined);
      retry = setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS);
      retry.unref();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (msg) => {
      if (msg.channel === AUTH_CHANNEL) listeners.emit(msg.payload || null);
    });
    client = c;
    try {
      await c.connect();
      await c.query(`listen ${AUTH_CHANNEL}`);
    } catch (err) {
      lost(err as Error);
      return;
    }
    if (client !== c || stopped) return;
    // Whatever changed while nobody listened is unknown: start from an empty cache.
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

const AUTH_TABLES = new Set(['tenants', 'api_keys']);

/** Names of the tables an INSERT, UPDATE or DELETE writes (a table node, possibly aliased). */
function writtenTables(node: RootOperationNode): string[] {
  const nameOf = (n: OperationNode | undefined): string | undefined => {
    const t = n && n.kind === 'AliasNode' ? (n as unknown as { node: OperationNode }).node : n;
    return t && t.kind === 'TableNode' ? (t as unknown as { table: { identifier: { name: string } } }).table.identifier.name : undefined;
  };
  switch (node.kind) {
    case 'InsertQueryNode':
      return [nameOf(node.into)].filter((n): n is string => !!n);
    case 'UpdateQueryNode':
      return [nameOf(node.table)].filter((n): n is string => !!n);
    case 'DeleteQueryNode':
      return node.from.froms.map(nameOf).filter((n): n is string => !!n);
    default:
      return [];
  }
}

/**
 * A write of this very process is known before any notification: once a statement writing keys or
 * organizations has completed, the cache is emptied, so a revocation through the domain functions (or a
 * charge) is seen by this process's next request without waiting for NOTIFY.
 */
export function authWritePlugin(changes: () => AuthChanges | undefined): KyselyPlugin {
  const pending = new WeakSet<object>();
  return {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      if (writtenTables(args.node).some((t) => AUTH_TABLES.has(t))) pending.add(args.queryId);
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (pending.has(args.queryId)) changes()?.wrote();
      return args.result;
    },
  };
}
