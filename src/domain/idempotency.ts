import { createHash } from 'node:crypto';
import type { Db } from '../store/db.ts';
import { errors } from '../kernel/errors.ts';
import { addMs, nowIso } from '../kernel/clock.ts';

/** Canonical hash of a POST /runs request: file names and contents (by hash), kinds, roles, address, task, bundle. */
export function runRequestHash(req: {
  files: { name: string; sha256: string }[];
  kinds?: string;
  roles?: string;
  objectAddress?: string;
  userRequest?: string;
  bundleId?: string;
}): string {
  const canonical = JSON.stringify([
    req.files.map((f) => [f.name, f.sha256]),
    canonicalJson(req.kinds),
    canonicalJson(req.roles),
    req.objectAddress ?? null,
    req.userRequest ?? null,
    req.bundleId ?? null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** JSON text compared by meaning (key order and spacing do not matter); invalid JSON compares as text. */
function canonicalJson(text: string | undefined): string | null {
  if (text === undefined || text.trim() === '') return null;
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return JSON.stringify(
        Object.keys(v)
          .sort()
          .map((k) => [k, (v as Record<string, unknown>)[k]]),
      );
    }
    return JSON.stringify(v);
  } catch {
    return text;
  }
}

export type KeyClaim = { kind: 'new' } | { kind: 'replay'; runId: string };

/**
 * Takes an Idempotency-Key for a request. The primary key (tenant_id, key) makes exactly one of
 * concurrent identical requests the owner; the others see it pending (409 idempotency_pending).
 * A pending claim older than pendingMs belongs to a submission that died and may be taken over.
 */
export async function claimIdempotencyKey(db: Db, tenantId: string, key: string, requestHash: string, pendingMs: number): Promise<KeyClaim> {
  const now = new Date();
  const row = {
    tenant_id: tenantId,
    key,
    request_hash: requestHash,
    state: 'pending' as const,
    run_id: null,
    created_at: nowIso(now),
    expires_at: nowIso(addMs(now, pendingMs)),
  };
  const inserted = await db
    .insertInto('idempotency_keys')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return { kind: 'new' };

  const existing = await db.selectFrom('idempotency_keys').selectAll().where('tenant_id', '=', tenantId).where('key', '=', key).executeTakeFirst();
  if (!existing) return claimIdempotencyKey(db, tenantId, key, requestHash, pendingMs);
  if (existing.state === 'complete') {
    if (existing.request_hash !== requestHash) throw idempotencyConflict();
    return { kind: 'replay', runId: existing.run_id! };
  }
  if (existing.expires_at < nowIso(now)) {
    const taken = await db
      .updateTable('idempotency_keys')
      .set({ request_hash: requestHash, created_at: row.created_at, expires_at: row.expires_at })
      .where('tenant_id', '=', tenantId)
      .where('key', '=', key)
      .where('state', '=', 'pending')
      .where('expires_at', '=', existing.expires_at)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) > 0) return { kind: 'new' };
    return claimIdempotencyKey(db, tenantId, key, requestHash, pendingMs);
  }
  if (existing.request_hash !== requestHash) throw idempotencyConflict();
  const retryAfter = Math.max(1, Math.ceil((Date.parse(existing.expires_at) - now.getTime()) / 1000));
  throw errors.idempotencyPending(Math.min(retryAfter, 30));
}

const idempotencyConflict = () => errors.idempotencyKeyReused();

export async function completeIdempotencyKey(db: Db, tenantId: string, key: string, runId: string): Promise<void> {
  await db.updateTable('idempotency_keys').set({ state: 'complete', run_id: runId }).where('tenant_id', '=', tenantId).where('key', '=', key).execute();
}

/** Frees a claim whose submission failed, so a retry with the same key can succeed at once. */
export async function releaseIdempotencyKey(db: Db, tenantId: string, key: string, requestHash: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('tenant_id', '=', tenantId)
    .where('key', '=', key)
    .where('state', '=', 'pending')
    .where('request_hash', '=', requestHash)
    .execute();
}
