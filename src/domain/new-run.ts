import type { Bundle } from '../kernel/model/feedback.ts';
import type { Run, SkippedFile } from '../kernel/model/runs.ts';
import { STAGE_TEXT } from '../kernel/stages.ts';

/** A run as it is accepted: queued, one check charged, nothing processed yet. */
export function newQueuedRun(f: {
  id: string;
  tenantId: string;
  keyId: string;
  createdAt: string;
  userRequest?: string | null;
  objectAddress?: string | null;
  bundle?: Pick<Bundle, 'id' | 'label' | 'version'> | null;
  skipped?: SkippedFile[];
  idempotencyKey?: string | null;
}): Run {
  return {
    id: f.id,
    tenantId: f.tenantId,
    status: 'queued',
    stage: 'queued',
    stageText: STAGE_TEXT.queued,
    progress: null,
    error: null,
    cancelled: false,
    charged: true,
    refunded: false,
    doubleVolume: false,
    volumeUnits: 0,
    userRequest: f.userRequest ?? null,
    objectAddress: f.objectAddress ?? null,
    bundleId: f.bundle?.id ?? null,
    bundleLabel: f.bundle?.label ?? null,
    bundleVersion: f.bundle?.version ?? null,
    skipped: f.skipped ?? [],
    idempotencyKey: f.idempotencyKey ?? null,
    keyId: f.keyId,
    attempts: 0,
    leaseOwner: null,
    leaseExpiresAt: null,
    createdAt: f.createdAt,
    updatedAt: f.createdAt,
    startedAt: null,
    finishedAt: null,
    documentsDeletedAt: null,
  };
}
