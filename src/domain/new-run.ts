import type { Run } from '../store/schema.ts';
import type { Bundle } from '../kernel/model/feedback.ts';
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
  skipped?: { name: string; reason: string }[];
  idempotencyKey?: string | null;
}): Run {
  return {
    id: f.id,
    tenant_id: f.tenantId,
    status: 'queued',
    stage: 'queued',
    stage_text: STAGE_TEXT.queued,
    progress: null,
    error: null,
    cancelled: 0,
    charged: 1,
    refunded: 0,
    double_volume: 0,
    volume_units: 0,
    user_request: f.userRequest ?? null,
    object_address: f.objectAddress ?? null,
    bundle_id: f.bundle?.id ?? null,
    bundle_label: f.bundle?.label ?? null,
    bundle_version: f.bundle?.version ?? null,
    skipped: JSON.stringify(f.skipped ?? []),
    idempotency_key: f.idempotencyKey ?? null,
    key_id: f.keyId,
    attempts: 0,
    lease_owner: null,
    lease_expires_at: null,
    created_at: f.createdAt,
    updated_at: f.createdAt,
    started_at: null,
    finished_at: null,
    documents_deleted_at: null,
  };
}
