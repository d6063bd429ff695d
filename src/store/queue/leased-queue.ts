/**
 * The leased queue, written once for every table whose rows are worked on by one process at a time: runs
 * (a worker carries the run), webhook deliveries (a dispatcher makes one attempt) and results (a node
 * rebuilds the PDFs). A row is held through a lease — an owner and an expiry, two columns named by the
 * table's descriptor — and every transition is one conditional statement:
 *
 * - claim: one UPDATE that picks a ready row with a free or lapsed lease and takes it; the picking SELECT is
 *   repeated as the UPDATE's condition, so two claimers never hold one row (SQLite serializes writers;
 *   PostgreSQL re-checks the condition on the newest row version, and the pick skips rows other claimers
 *   have locked: FOR UPDATE SKIP LOCKED);
 * - renew: moves the expiry on, only for the holder;
 * - write while held, and release (the last write, which also clears the lease): only for the holder;
 * - find expired and requeue expired: rows held past their expiry, taken back only while the expiry is
 *   the one seen (a holder that renewed meanwhile keeps its row).
 *
 * A holder is its owner, and also the expiry it set when the owner names a process rather than one claim
 * (a dispatcher that lost a lease may claim the same row again under the same name).
 */
import { sql, type Kysely, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../db.ts';
import type { DialectAdapter } from '../dialect.ts';
import type { Database } from '../schema.ts';

type Table = 'runs' | 'webhook_deliveries' | 'results';
type Column<T extends Table> = keyof Database[T] & string;
export type Row<T extends Table> = Selectable<Database[T]>;

/** How one table is a leased queue. Conditions are SQL over the table's columns, qualified by its name. */
export interface LeasedTable<T extends Table> {
  table: T;
  key: Column<T>;
  owner: Column<T>;
  expiresAt: Column<T>;
  /** Rows that may be claimed now, the lease aside (`now` is an ISO time). */
  ready(now: string): RawBuilder<SqlBool>;
  /** The state a held row is in, repeated by every write of its holder; null: holding the lease is enough. */
  held: RawBuilder<SqlBool> | null;
  /** Claim order: the first of these columns first. */
  order: readonly Column<T>[];
  /**
   * When readiness counts other rows of a group (a tenant's running runs), concurrent writers must claim one
   * group at a time under its lock (DialectAdapter.lockGroup): the group column and the groups worth trying.
   */
  group?: { column: Column<T>; candidates(db: Db, now: string): Promise<string[]> };
}

/** Who holds a row: the owner, and the expiry it set when the owner alone does not tell one claim. */
export interface Holder {
  key: string;
  owner: string;
  expiresAt?: string;
}

export interface ClaimOptions<T extends Table> {
  owner: string;
  leaseMs: number;
  now?: Date;
  /** Further columns the claim sets (the state a claimed row moves to). */
  set?: Values;
  /** Columns returned; default every column. */
  returning?: readonly Column<T>[];
}

// Column names come from the descriptors above, so the statements are built untyped and typed at the edges.
type Loose = Record<string, Record<string, unknown>>;
type Values = Record<string, unknown>;
const untyped = (db: Db) => db as unknown as Kysely<Loose>;
const col = (name: string) => sql.ref(name);
const expiry = (ms: number, now: Date) => new Date(now.getTime() + ms).toISOString();

/** Free lease: never taken, or lapsed. */
function leaseFree<T extends Table>(q: LeasedTable<T>, now: string): RawBuilder<SqlBool> {
  const at = sql.ref(`${q.table}.${q.expiresAt}`);
  return sql<SqlBool>`(${at} is null or ${at} <= ${now})`;
}

function claimable<T extends Table>(q: LeasedTable<T>, now: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${q.ready(now)} and ${leaseFree(q, now)})`;
}

/** The holder's condition: owner, expiry when given, and the held state. */
function heldBy<T extends Table>(q: LeasedTable<T>, h: Holder): RawBuilder<SqlBool> {
  const parts = [sql`${col(q.key)} = ${h.key}`, sql`${col(q.owner)} = ${h.owner}`];
  if (h.expiresAt !== undefined) parts.push(sql`${col(q.expiresAt)} = ${h.expiresAt}`);
  if (q.held) parts.push(q.held);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

function claimSet<T extends Table>(q: LeasedTable<T>, o: ClaimOptions<T>, now: Date): Values {
  return { ...o.set, [q.owner]: o.owner, [q.expiresAt]: expiry(o.leaseMs, now) };
}

/** Claims the first ready row (in the descriptor's order) for `owner`; null when none is ready. */
export async function claimNext<T extends Table>(db: Db, dialect: DialectAdapter, q: LeasedTable<T>, o: ClaimOptions<T>): Promise<Row<T> | null> {
  const now = o.now ?? new Date();
  if (!q.group || !dialect.concurrentWriters) return claimStatement(db, dialect, q, o, now, null);
  for (const group of await q.group.candidates(db, now.toISOString())) {
    const row = await db.transaction().execute(async (trx) => {
      await dialect.lockGroup(trx, group);
      return claimStatement(trx, dialect, q, o, now, group);
    });
    if (row) return row;
  }
  return null;
}

async function claimStatement<T extends Table>(
  db: Db,
  dialect: DialectAdapter,
  q: LeasedTable<T>,
  o: ClaimOptions<T>,
  now: Date,
  group: string | null,
): Promise<Row<T> | null> {
  const at = now.toISOString();
  const u = untyped(db);
  let pick = u
    .selectFrom(q.table as string)
    .select(q.key as string)
    .where(claimable(q, at));
  if (group !== null && q.group) pick = pick.where(q.group.column as string, '=', group);
  for (const c of q.order) pick = pick.orderBy(c as string);
  pick = pick.limit(1).modifyEnd(dialect.skipLocked());
  const claimed = u
    .updateTable(q.table as string)
    .set(claimSet(q, o, now))
    .where(q.key as string, '=', pick)
    .where(claimable(q, at));
  const row = o.returning ? await claimed.returning(o.returning as string[]).executeTakeFirst() : await claimed.returningAll().executeTakeFirst();
  return (row as Row<T> | undefined) ?? null;
}

/** Claims one known row when it is ready and its lease free; null otherwise. */
export async function claimRow<T extends Table>(db: Db, q: LeasedTable<T>, key: string, o: ClaimOptions<T>): Promise<Row<T> | null> {
  const now = o.now ?? new Date();
  const claimed = untyped(db)
    .updateTable(q.table as string)
    .set(claimSet(q, o, now))
    .where(q.key as string, '=', key)
    .where(claimable(q, now.toISOString()));
  const row = o.returning ? await claimed.returning(o.returning as string[]).executeTakeFirst() : await claimed.returningAll().executeTakeFirst();
  return (row as Row<T> | undefined) ?? null;
}

/** Moves the holder's expiry to now + leaseMs; the new expiry, or null when the row is no longer held by it. */
export async function renew<T extends Table>(db: Db, q: LeasedTable<T>, h: Holder, leaseMs: number, now = new Date()): Promise<string | null> {
  const until = expiry(leaseMs, now);
  return (await writeHeld(db, q, h, { [q.expiresAt]: until })) ? until : null;
}

/** A write of the holder that keeps the lease (progress, a longer lease); false when no longer held. */
export async function writeHeld<T extends Table>(db: Db, q: LeasedTable<T>, h: Holder, values: Values): Promise<boolean> {
  const res = await untyped(db)
    .updateTable(q.table as string)
    .set(values)
    .where(heldBy(q, h))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The holder's last write — completed or failed — which also ends the lease; false when no longer held. */
export function release<T extends Table>(db: Db, q: LeasedTable<T>, h: Holder, values: Values): Promise<boolean> {
  return writeHeld(db, q, h, { ...values, [q.owner]: null, [q.expiresAt]: null });
}

/** Held rows whose lease lapsed before `now` (their holder died or stalled), oldest expiry first. */
export async function findExpired<T extends Table>(db: Db, q: LeasedTable<T>, limit: number, now = new Date()): Promise<Row<T>[]> {
  let find = untyped(db)
    .selectFrom(q.table as string)
    .selectAll()
    .where(sql<SqlBool>`${col(q.expiresAt)} < ${now.toISOString()}`);
  if (q.held) find = find.where(q.held);
  return (await find
    .orderBy(q.expiresAt as string)
    .limit(limit)
    .execute()) as Row<T>[];
}

/**
 * Takes back a row found expired, writing `values` and clearing the lease, only while its expiry is still
 * the one seen: of several nodes recovering at once exactly one succeeds, and a holder that renewed keeps it.
 */
export async function requeueExpired<T extends Table>(
  db: Db,
  q: LeasedTable<T>,
  seen: { key: string; expiresAt: string | null },
  values: Values,
): Promise<boolean> {
  if (seen.expiresAt === null) return false;
  let take = untyped(db)
    .updateTable(q.table as string)
    .set({ ...values, [q.owner]: null, [q.expiresAt]: null })
    .where(q.key as string, '=', seen.key)
    .where(q.expiresAt as string, '=', seen.expiresAt);
  if (q.held) take = take.where(q.held);
  const res = await take.executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
