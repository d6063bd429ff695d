/**
 * PDFs that could not be built at publication are rebuilt on demand by the API node that gets a PDF or
 * ZIP download, from what publication stored: the result body and the report metadata of the results row
 * (the source documents are not needed, so this works after DELETE /runs/{id}/documents). The build is the
 * publication's own (buildPdfReports), so numbers, keys and the ZIP are the same.
 *
 * One build at a time per run:
 * - in one process, requests for a run join the build already in flight;
 * - across processes, the results row carries a lease (pdf_build_owner, pdf_build_expires_at) of the leased
 *   queue (src/store/queue/pdf-builds.ts): taken by one conditional UPDATE and renewed every third of it while
 *   the build runs; a process that dies leaves a lease that lapses. Blob writes are atomic (rename or PUT), and the keys are recorded only once every
 *   PDF and the ZIP are stored, so a download never sees a partial build.
 * A failed build records pdf_error and pdf_retry_at: the next attempt waits 30 s, then 60 s, 120 s… up to
 * 15 min; until then downloads answer 503 pdf_unavailable with Retry-After up to that time.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { BlobStore } from '../blobs/blob-store.ts';
import { errors } from '../kernel/errors.ts';
import type { Db } from '../store/db.ts';
import { claimPdfBuild, completePdfBuild, failPdfBuild, renewPdfBuild } from '../store/queue/pdf-builds.ts';
import { keepLeaseAlive } from '../store/queue/heartbeat.ts';
import { pdfBuildStateOf } from '../store/repositories/results.ts';
import { publishedReportSource } from './decided.ts';
import type { PdfKeys } from './index.ts';
import type { ReportKeys } from './types.ts';
import { admitAtOnce, type AdmitBuild } from './admit.ts';

/** Retry-After while another request or process is building the PDFs (a typical build takes seconds). */
export const BUILDING_RETRY_AFTER_S = 10;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 15 * 60_000;

/**
 * How long after a failed build the next may start. attempts counts every build started, the one at
 * publication included: its failure allows a rebuild at once; each failed rebuild doubles the pause.
 */
export function retryDelayMs(attempts: number): number {
  if (attempts <= 1) return 0;
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempts - 2, 20));
}

/** Whole seconds from now until an ISO time, at least 1. */
export function secondsUntil(iso: string, now: Date): number {
  return Math.max(1, Math.ceil((Date.parse(iso) - now.getTime()) / 1000));
}

export interface RebuildDeps {
  db: Db;
  blobs: BlobStore;
  log: Logger;
  /** Lease on the build, renewed every third of it (the worker's LEASE_MS). */
  leaseMs: number;
}

export interface RebuildOptions {
  /** How long a download waits for a build before answering 503 (the build goes on). */
  waitMs?: number;
  /** Clock of lease and retry times. */
  now?: () => Date;
  /**
   * Builds every PDF and the ZIP of a run. Default: buildStoredPdfs in this process; the API passes a build in
   * a child process with memory and time limits (isolation/pdf-build.ts), so rendering never holds up its requests.
   */
  build?: (runId: string) => Promise<PdfKeys>;
  /**
   * Admits a build of an organization (the node's bound of report builds, isolation/work-slots.ts): runs `work` when
   * a slot is free, or throws the refusal (429 / 503 with Retry-After) before anything is claimed. Default: at once.
   */
  admit?: AdmitBuild;
}

type Outcome = { keys: PdfKeys } | { retryAfter: number };

export class PdfRebuilder {
  private readonly inFlight = new Map<string, Promise<Outcome>>();
  private readonly waitMs: number;
  private readonly now: () => Date;
  private readonly build: (runId: string) => Promise<PdfKeys>;
  private readonly admit: AdmitBuild;

  constructor(
    private readonly deps: RebuildDeps,
    options: RebuildOptions = {},
  ) {
    this.waitMs = options.waitMs ?? 20_000;
    this.now = options.now ?? (() => new Date());
    this.build = options.build ?? ((runId) => buildStoredPdfs(deps.db, deps.blobs, runId));
    this.admit = options.admit ?? admitAtOnce;
  }

  /**
   * The keys with every PDF: as given when they exist, otherwise after building them now. Throws 503
   * pdf_unavailable (with Retry-After) while the build runs elsewhere or longer than waitMs, or after it failed.
   * The run must already be known to belong to the caller's organization (`organizationId`) and be published; a
   * build past that organization's share or the node's queue is refused (429 / 503) before it is claimed.
   */
  async ensure(runId: string, keys: ReportKeys, organizationId = ''): Promise<ReportKeys> {
    if (keys.reportPdfKey !== null) return keys;
    let attempt = this.inFlight.get(runId);
    if (!attempt) {
      const started = this.admit(organizationId, `pdf/${runId}`, () => this.attempt(runId)).finally(() => this.inFlight.delete(runId));
      this.inFlight.set(runId, started);
      attempt = started;
    }
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<Outcome>((resolve) => {
      timer = setTimeout(() => resolve({ retryAfter: BUILDING_RETRY_AFTER_S }), this.waitMs);
    });
    const outcome = await Promise.race([attempt, waited]).finally(() => clearTimeout(timer));
    if ('keys' in outcome) return { reportMdKey: keys.reportMdKey, ...outcome.keys };
    throw errors.pdfUnavailable(outcome.retryAfter);
  }

  /** Settles when every build this process started has ended (graceful shutdown, tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight.values()]);
  }

  /** Claims the build of a run, builds and records it; never rejects. */
  private async attempt(runId: string): Promise<Outcome> {
    const { db, log } = this.deps;
    const owner = randomUUID();
    let claimed: { pdf_build_attempts: number } | null;
    try {
      claimed = await this.claim(runId, owner);
      if (!claimed) return await this.stateOf(runId);
    } catch (err) {
      log.error({ err, run_id: runId }, 'PDF rebuild: state not readable');
      return { retryAfter: BUILDING_RETRY_AFTER_S };
    }
    const stopHeartbeat = keepLeaseAlive({
      leaseMs: this.deps.leaseMs,
      renew: () => renewPdfBuild(db, runId, owner, this.deps.leaseMs, this.now()),
      onError: (err) => log.warn({ err, run_id: runId }, 'PDF rebuild: lease not renewed'),
    });
    try {
      const keys = await this.build(runId);
      stopHeartbeat();
      await completePdfBuild(db, runId, keys);
      log.info({ run_id: runId, attempts: claimed.pdf_build_attempts }, 'PDF reports rebuilt');
      return { keys };
    } catch (err) {
      stopHeartbeat();
      const delay = retryDelayMs(claimed.pdf_build_attempts);
      const retryAt = new Date(this.now().getTime() + delay).toISOString();
      log.warn({ err, run_id: runId, attempts: claimed.pdf_build_attempts, retry_at: retryAt }, 'PDF rebuild failed');
      try {
        await failPdfBuild(db, runId, owner, {
          retryAt: delay > 0 ? retryAt : null,
          error: String(err instanceof Error ? err.message : err).slice(0, 1000),
        });
      } catch (e) {
        log.error({ err: e, run_id: runId }, 'PDF rebuild: failure not recorded');
      }
      return { retryAfter: delay > 0 ? secondsUntil(retryAt, this.now()) : BUILDING_RETRY_AFTER_S };
    }
  }

  /** The build of a run for this owner, when the PDFs are missing, no live lease holds it and no pause after a failure. */
  private claim(runId: string, owner: string): Promise<{ pdf_build_attempts: number } | null> {
    return claimPdfBuild(this.deps.db, runId, owner, this.deps.leaseMs, this.now());
  }

  /** Why a claim did not match: the PDFs are there by now, a build is running, or a failure pauses them. */
  private async stateOf(runId: string): Promise<Outcome> {
    const { keys, buildExpiresAt, retryAt } = await pdfBuildStateOf(this.deps.db, runId);
    if (keys.reportPdfKey !== null && keys.reportZipKey !== null) {
      return {
        keys: { reportPdfKey: keys.reportPdfKey, sectionPdfKeys: keys.sectionPdfKeys, themePdfKeys: keys.themePdfKeys, reportZipKey: keys.reportZipKey },
      };
    }
    const now = this.now();
    const building = buildExpiresAt !== null && buildExpiresAt >= now.toISOString();
    if (!building && retryAt !== null && retryAt > now.toISOString()) {
      return { retryAfter: secondsUntil(retryAt, now) };
    }
    return { retryAfter: BUILDING_RETRY_AFTER_S };
  }
}

/** Reads the published result and its metadata and builds every PDF and the ZIP (the claim is the caller's). */
export async function buildStoredPdfs(db: Db, blobs: BlobStore, runId: string): Promise<PdfKeys> {
  const { result, meta } = await publishedReportSource(db, runId);
  // Loaded here, not at the top: an API node that rebuilds in a child never loads the renderer and its fonts.
  const { buildPdfReports, reportPrefix } = await import('./index.ts');
  return buildPdfReports(result, meta, blobs, reportPrefix(runId));
}
