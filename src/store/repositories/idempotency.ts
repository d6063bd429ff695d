/** Idempotency-Key records of POST /runs: who owns a key, and the run it produced. */
import type { Db } from '../db.ts';
import { errors } from '../../kernel/errors.ts';
import { addMs, nowIso } from '../../kernel/clock.ts';
import type { IdempotencyClaim } from '../../kernel/model/organization.ts';

/**
 * Takes an Idempotency-Key for a request. The primary key (tenant_id, key) makes exactly one of
 * concurrent identical requests the owner; the others see it pending (409 idempotency_pending).
 * A pending claim older than pendingMs belongs to a submission that died and may be taken over.
 */
export async function claimIdempotencyKey(db: Db, tenantId: string, key: string, requestHash: string, pendingMs: number): Promise<IdempotencyClaim> {
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
