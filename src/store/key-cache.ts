/**
 * Key → organization answers kept in memory, so a polling client costs no authentication query while
 * nothing changed. Correctness comes from the change feed (change-feed.ts): every change of a key or an
 * organization drops the affected entries before the next request uses them, on every node; when the feed
 * is unavailable the cache is bypassed. Only found, usable keys are kept — a wrong key always reads the
 * database, so the cache cannot be filled with guesses.
 */
import type { Db } from './db.ts';
import type { ChangeFeed } from './change-feed.ts';
import type { KeyOwner } from '../kernel/model/organization.ts';
import { findKeyBySecret, hashApiKey } from './repositories/tenants.ts';

export interface KeyAnswer {
  owner: KeyOwner | null;
  generation: number;
}

const MAX_ENTRIES = 10_000;
/** A bound on any staleness the feed could miss (it should miss none). */
const MAX_AGE_MS = 60_000;

export class KeyCache {
  private readonly entries = new Map<string, { owner: KeyOwner; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly feed: ChangeFeed,
  ) {
    feed.onChange((changed) => {
      if (changed === null) this.entries.clear();
      else if ('tenantId' in changed) for (const [digest, e] of this.entries) if (e.owner.tenant.id === changed.tenantId) this.entries.delete(digest);
    });
  }

  /**
   * The key and its organization for a presented secret (null when unknown or revoked), with the feed's
   * generation the answer is current for: whatever is derived from it may be cached while that still holds.
   * A current cached answer is returned as is, without a promise (the polling path stays synchronous).
   */
  find(secret: string): KeyAnswer | Promise<KeyAnswer> {
    const digest = hashApiKey(secret);
    const usable = this.feed.sync();
    const generation = this.feed.generation;
    const now = Date.now();
    return (usable && this.cached(digest, generation, now)) || this.read(secret, digest, usable, generation, now);
  }

  /** The current cached answer for a secret, or undefined where find() would have to read the database. */
  peek(secret: string): KeyAnswer | undefined {
    return this.feed.sync() ? this.cached(hashApiKey(secret), this.feed.generation, Date.now()) : undefined;
  }

  private cached(digest: string, generation: number, now: number): KeyAnswer | undefined {
    const hit = this.entries.get(digest);
    return hit && now - hit.at < MAX_AGE_MS ? { owner: hit.owner, generation } : undefined;
  }

  private async read(secret: string, digest: string, usable: boolean, generation: number, now: number): Promise<KeyAnswer> {
    const owner = await findKeyBySecret(this.db, secret);
    // Stored only if nothing changed while it was read: an answer from before a change is not kept after it.
    if (owner && usable && this.feed.sync() && generation === this.feed.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(digest, { owner, at: now });
    }
    return { owner, generation: usable ? generation : -1 };
  }
}
