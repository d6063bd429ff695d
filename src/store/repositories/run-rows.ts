/** The only place that knows how runs and documents are stored: 0|1 flags, JSON text, snake_case columns. */
import type { Selectable } from 'kysely';
import type { DocumentsTable, RunsTable } from '../schema.ts';
import type { Run, RunDocument } from '../../kernel/model/runs.ts';

export type RunRow = Selectable<RunsTable>;
export type DocumentRow = Selectable<DocumentsTable>;

export function toRun(row: RunRow): Run {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    status: row.status,
    stage: row.stage,
    stageText: row.stage_text,
    progress: row.progress === null ? null : JSON.parse(row.progress),
    error: row.error === null ? null : JSON.parse(row.error),
    cancelled: row.cancelled === 1,
    charged: row.charged === 1,
    refunded: row.refunded === 1,
    doubleVolume: row.double_volume === 1,
    volumeUnits: row.volume_units,
    userRequest: row.user_request,
    objectAddress: row.object_address,
    bundleId: row.bundle_id,
    bundleLabel: row.bundle_label,
    bundleVersion: row.bundle_version,
    skipped: JSON.parse(row.skipped),
    idempotencyKey: row.idempotency_key,
    keyId: row.key_id,
    attempts: row.attempts,
    leaseOwner: row.lease_owner,
    leaseExpiresAt: row.lease_expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    documentsDeletedAt: row.documents_deleted_at,
  };
}

export function fromRun(run: Run): RunRow {
  return {
    id: run.id,
    tenant_id: run.tenantId,
    status: run.status,
    stage: run.stage,
    stage_text: run.stageText,
    progress: run.progress === null ? null : JSON.stringify(run.progress),
    error: run.error === null ? null : JSON.stringify(run.error),
    cancelled: run.cancelled ? 1 : 0,
    charged: run.charged ? 1 : 0,
    refunded: run.refunded ? 1 : 0,
    double_volume: run.doubleVolume ? 1 : 0,
    volume_units: run.volumeUnits,
    user_request: run.userRequest,
    object_address: run.objectAddress,
    bundle_id: run.bundleId,
    bundle_label: run.bundleLabel,
    bundle_version: run.bundleVersion,
    skipped: JSON.stringify(run.skipped),
    idempotency_key: run.idempotencyKey,
    key_id: run.keyId,
    attempts: run.attempts,
    lease_owner: run.leaseOwner,
    lease_expires_at: run.leaseExpiresAt,
    created_at: run.createdAt,
    updated_at: run.updatedAt,
    started_at: run.startedAt,
    finished_at: run.finishedAt,
    documents_deleted_at: run.documentsDeletedAt,
  };
}

export function toRunDocument(row: DocumentRow): RunDocument {
  return {
    runId: row.run_id,
    idx: row.idx,
    name: row.name,
    kind: row.kind,
    kindChosen: row.kind_chosen === 1,
    kindGuess: row.kind_guess,
    role: row.role,
    format: row.format,
    size: row.size,
    sha256: row.sha256,
    blobKey: row.blob_key,
    pdfBlobKey: row.pdf_blob_key,
    pages: row.pages,
    converted: row.converted === 1,
    pageFrom: row.page_from,
    pageTo: row.page_to,
    warnings: JSON.parse(row.warnings),
    unreadReason: row.unread_reason,
  };
}

export function fromRunDocument(d: RunDocument): DocumentRow {
  return {
    run_id: d.runId,
    idx: d.idx,
    name: d.name,
    kind: d.kind,
    kind_chosen: d.kindChosen ? 1 : 0,
    kind_guess: d.kindGuess,
    role: d.role,
    format: d.format,
    size: d.size,
    sha256: d.sha256,
    blob_key: d.blobKey,
    pdf_blob_key: d.pdfBlobKey,
    pages: d.pages,
    converted: d.converted ? 1 : 0,
    page_from: d.pageFrom,
    page_to: d.pageTo,
    warnings: JSON.stringify(d.warnings),
    unread_reason: d.unreadReason,
  };
}
