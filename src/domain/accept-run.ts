import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { AppDeps } from './deps.ts';
import { AppError, errors } from '../kernel/errors.ts';
import { canonicalId } from '../kernel/ids.ts';
import type { IntakeLimits, ReceivedForm } from '../ingest/types.ts';
import { profileItems } from '../kernel/docset.ts';
import { checksLeft as checksLeftOf } from '../store/repositories/tenants.ts';
import { getBundleForTenant } from '../store/repositories/bundles.ts';
import { documentsOf, getRun, insertChargedRun } from '../store/repositories/runs.ts';
import type { Bundle } from '../kernel/model/feedback.ts';
import type { ApiKeyRecord, Organization } from '../kernel/model/organization.ts';
import type { Run, RunDocument } from '../kernel/model/runs.ts';
import { nowIso } from '../kernel/clock.ts';
import { newQueuedRun } from './new-run.ts';
import { runRequestHash } from './idempotency.ts';
import { claimIdempotencyKey, releaseIdempotencyKey } from '../store/repositories/idempotency.ts';
import { takeRegisterOut, type RegisterReader } from './feedback/revision-answers.ts';
import { actorOf } from './feedback/actor.ts';

export interface AcceptedRun {
  run: Run;
  documents: RunDocument[];
  checksLeft: number;
  replayed: boolean;
}

/** Who submits: the organization and the key of the request (the HTTP layer's auth context fits). */
export interface Submitter {
  tenant: Organization;
  key: Pick<ApiKeyRecord, 'id'>;
}

export const tenantLimits = ({ limits }: Organization): IntakeLimits => ({
  maxFiles: limits.maxFiles,
  maxFileBytes: limits.maxFileBytes,
  maxTotalBytes: limits.maxTotalBytes,
});

export const docBlobPrefix = (runId: string) => `runs/${runId}/docs`;

async function findBundle(deps: AppDeps, tenantId: string, bundleId: string | undefined): Promise<Bundle | null> {
  if (!bundleId) return null;
  try {
    return await getBundleForTenant(deps.store.db, tenantId, bundleId);
  } catch (e) {
    // On POST /runs the bundle is a parameter: an unknown one is a validation error, not a missing run.
    if (e instanceof AppError && e.code === 'not_found') throw errors.unknownBundle(bundleId);
    throw e;
  }
}

const optional = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());
const mapOptional = <T>(v: T | undefined, f: (v: T) => T) => (v === undefined ? undefined : f(v));

/**
 * Accepts a received set as a new run (unpacking inside scratchDir, which the caller removes): idempotency, unpacking, charging one check, queueing.
 * Either everything is stored (run, documents, blobs, charge, key) or nothing is.
 */
export async function acceptRun(
  deps: AppDeps,
  auth: Submitter,
  form: ReceivedForm,
  idempotencyKey: string | null,
  scratchDir: string,
  /** Recognises the designer's filled register among the files (feedback/revision-answers.ts); absent, every file is a document. */
  registers?: RegisterReader,
): Promise<AcceptedRun> {
  const { db } = deps.store;
  const { tenant } = auth;
  const objectAddress = optional(form.fields.object_address);
  const userRequest = optional(form.fields.user_request);
  const bundleId = mapOptional(optional(form.fields.bundle_id), canonicalId);
  const kinds = optional(form.fields.kinds);
  const roles = optional(form.fields.roles);
  if (!form.files.length) throw errors.noFiles();

  const requestHash = runRequestHash({ files: form.files, kinds, roles, objectAddress, userRequest, bundleId });
  if (idempotencyKey) {
    const claim = await claimIdempotencyKey(db, tenant.id, idempotencyKey, requestHash, deps.config.idempotencyPendingMs);
    if (claim.kind === 'replay') {
      const run = await getRun(db, claim.runId);
      if (!run) throw errors.runNotFound();
      return { run, documents: await documentsOf(db, run.id), checksLeft: await checksLeftOf(db, tenant.id), replayed: true };
    }
  }

  const runId = randomUUID();
  try {
    const bundle = await findBundle(deps, tenant.id, bundleId);
    // Loaded on the first upload: an API node that only answers polls does not carry the unpackers.
    const { applyClientChoices, unpackUploads } = await import('../ingest/index.ts');
    const intake = await unpackUploads(form.files, join(scratchDir, 'unpacked'), tenantLimits(tenant));
    const now = nowIso();
    // the designer's register is no document of the set: its answers go to the previous round's remarks
    const { documents: reviewed, register } = await takeRegisterOut(db, { tenantId: tenant.id, actor: actorOf(auth.key) }, intake.documents, registers, {
      runId,
      createdAt: now,
      bundle,
    });
    const profileCodes = profileItems(tenant.sections).map((i) => i.code);
    const choices = applyClientChoices(reviewed, kinds, roles, profileCodes, register ? [register.file] : []);

    const documents: RunDocument[] = [];
    for (const [i, doc] of reviewed.entries()) {
      const idx = i + 1;
      const blobKey = `${docBlobPrefix(runId)}/${idx}.${doc.format}`;
      // The unpacked file is scratch: moved, not copied (one write of the set, not two).
      await deps.blobs.moveFile(blobKey, doc.path);
      const choice = choices[i]!;
      documents.push({
        runId,
        idx,
        name: doc.name,
        kind: choice.kind ?? doc.kindGuess,
        kindChosen: choice.kindChosen,
        kindGuess: doc.kindGuess,
        role: choice.role,
        format: doc.format,
        size: doc.size,
        sha256: doc.sha256,
        blobKey,
        pdfBlobKey: null,
        pages: null,
        converted: false,
        pageFrom: null,
        pageTo: null,
        warnings: [],
        unreadReason: null,
      });
    }

    const run = newQueuedRun({
      id: runId,
      tenantId: tenant.id,
      keyId: auth.key.id,
      createdAt: now,
      userRequest,
      objectAddress,
      bundle,
      skipped: register ? [...intake.skipped, register.skipped] : intake.skipped,
      idempotencyKey,
    });

    const answers = register && { runId: register.answers.runId, answers: register.answers.answered };
    const checksLeft = await insertChargedRun(db, { run, documents, idempotencyKey, at: now, ...(answers ? { answers } : {}) });
    if (checksLeft === null) throw errors.noChecksLeft();
    deps.notifyQueued();
    return { run, documents, checksLeft, replayed: false };
  } catch (e) {
    await deps.blobs.deletePrefix(`runs/${runId}`).catch(() => undefined);
    if (idempotencyKey) await releaseIdempotencyKey(db, tenant.id, idempotencyKey, requestHash).catch(() => undefined);
    throw e;
  }
}
