/**
 * The serialized answer of GET /runs/{run_id}, kept per run while nothing behind it changed: polling clients
 * ask for the same unchanged status thousands of times a minute. The store's change feed (change-feed.ts)
 * drops an entry when its run, its documents or its organization (checks_left is part of the answer)
 * change — on PostgreSQL just that entry, on SQLite every entry at any write — and the cache is bypassed
 * while the feed is unavailable. An answer is stored only if no change was delivered since the request's
 * key was resolved, so nothing read before a change is kept after it.
 */
import type { ChangeFeed } from '../store/change-feed.ts';
import { REVALIDATE, strongEtag } from './conditional.ts';

export interface CachedStatus {
  tenantId: string;
  /** The JSON body as sent, and its strong ETag. */
  body: string;
  etag: string;
  /** queued or running: the answer carries Retry-After. */
  unfinished: boolean;
  /**
   * The headers of a cached poll's 200 and 304 answers but the request id (statusHeaders, nosniff, the body's type
   * and length), as flat lists of names and values: the form Node's writeHead takes without walking an object.
   */
  answerHeaders: { 200: readonly string[]; 304: readonly string[] };
}

/** A run's serialized status, with what every poll of it sends: worked out once, not on each of thousands of polls. */
export function cachedStatus(tenantId: string, body: string, unfinished: boolean): CachedStatus {
  const etag = strongEtag(body);
  const notModified = ['x-content-type-options', 'nosniff', ...Object.entries(statusHeaders({ etag, unfinished })).flat()];
  const ok = [...notModified, 'content-type', 'application/json; charset=utf-8', 'content-length', String(Buffer.byteLength(body))];
  return { tenantId, body, etag, unfinished, answerHeaders: { 200: ok, 304: notModified } };
}

/** Seconds between polls of a run that is not finished (contract, Limits: once per 5 seconds): its Retry-After. */
const POLL_SECONDS = '5';

/** The headers of a status answer, 200 or 304: when to poll again while the run is not finished, and its validator. */
export function statusHeaders(status: Pick<CachedStatus, 'etag' | 'unfinished'>): Record<string, string> {
  return status.unfinished
    ? { 'retry-after': POLL_SECONDS, etag: status.etag, 'cache-control': REVALIDATE }
    : { etag: status.etag, 'cache-control': REVALIDATE };
}

/** About 1–2 KiB each: a few MiB for the runs thousands of clients poll at once. */
const MAX_ENTRIES = 5_000;

export class RunStatusCache {
  private readonly entries = new Map<string, CachedStatus>();

  constructor(private readonly feed: ChangeFeed) {
    feed.onChange((changed) => {
      if (changed === null) this.entries.clear();
      else if ('runId' in changed) this.entries.delete(changed.runId);
      else for (const [runId, e] of this.entries) if (e.tenantId === changed.tenantId) this.entries.delete(runId);
    });
  }

  /**
   * The cached answer for this tenant's run, if current at `generation` — the request's authentication,
   * which has just synchronized the feed (so no second read of the change signal per request).
   */
  get(tenantId: string, runId: string, generation: number): CachedStatus | undefined {
    if (generation !== this.feed.generation) return undefined;
    const hit = this.entries.get(runId);
    return hit && hit.tenantId === tenantId ? hit : undefined;
  }

  /** Keeps an answer built from data read at `generation` (the request's authentication), if still current. */
  put(runId: string, status: CachedStatus, generation: number): void {
    if (!this.feed.sync() || generation !== this.feed.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(runId, status);
  }
}
