/**
 * Key → organization answers kept in memory, so a polling client costs no authentication query while
 * nothing changed. Correctness comes from the change signal (auth-changes.ts): every change of a key or an
 * organization empties the affected entries before the next request uses them, on every node; when the
 * signal is unavailable the cache is bypassed. Only found, usable keys are kept — a wrong key always reads
 * the database, so the cache cannot be filled with guesses.
 */
import type { Db } from './db.ts';
import type { AuthChanges } from './auth-changes.ts';
import type { ApiKey, Tenant } from './schema.ts';
import { findKeyBySecret, hashApiKey } from './repositories/tenants.ts';

export interface KeyOwner {
  key: ApiKey;
  tenant: Tenant;
}

const MAX_ENTRIES = 10_000;
/** A bound on any staleness the signal could miss (it should miss none). */
const MAX_AGE_MS = 60_000;

export class KeyCache {
  private readonly entries = new Map<string, { owner: KeyOwner; at: number }>();
  /** Bumped on every change: an answer read before a change is not stored after it. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly changes: AuthChanges,
  ) {
    changes.onChange((tenantId) => {
      this.generation++;
      if (tenantId === null) this.entries.clear();
      else for (const [digest, e] of this.entries) if (e.owner.tenant.id === tenantId) this.entries.delete(digest);
    });
  }

  /** The key and its organization for a presented secret; null when the key is unknown or revoked. */
  async find(secret: string): Promise<KeyOwner | null> {
    const digest = hashApiKey(secret);
    const usable = this.changes.sync();
    const now = Date.now();
    if (usable) {
      const hit = this.entries.get(digest);
      if (hit && now - hit.at < MAX_AGE_MS) return hit.owner;
    }
    const generation = this.generation;
    const owner = await findKeyBySecret(this.db, secret);
    if (owner && usable && generation === this.generation && this.changes.sync() && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(digest, { owner, at: now });
    }
    return owner;
  }

  /** A write of this process changed the organization (a charge): forget it at once, without waiting for the signal. */
  forget(tenantId: string): void {
    this.generation++;
    for (const [digest, e] of this.entries) if (e.owner.tenant.id === tenantId) this.entries.delete(digest);
  }
}
