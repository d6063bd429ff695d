/**
 * Table types of the store. Dialect-neutral on purpose: booleans are 0/1 integers, JSON is text,
 * timestamps are ISO-8601 UTC strings (they sort as text), ids are UUID strings. The same schema
 * runs on SQLite and PostgreSQL.
 */
import type { ColumnType } from 'kysely';
import type { RunStatus } from '../kernel/model/runs.ts';

export type Bool = 0 | 1;

export interface TenantsTable {
  id: string;
  name: string;
  status: 'active' | 'suspended';
  checks_left: number;
  max_files: number;
  max_file_bytes: number;
  max_total_bytes: number;
  max_pages: number;
  oversize_factor: number;
  concurrency: number;
  /** JSON array of section codes of the organization's profile; null = the full reference. */
  sections: string | null;
  webhook_url: string | null;
  webhook_secret: string | null;
  /** JSON: {attempts, timeout_ms, pauses_ms[]} overriding delivery defaults; null = defaults. */
  webhook_settings: string | null;
  /** 1 when the organization works with employees (reason_code / employee_id on decisions). */
  has_employees: Bool;
  access_from: string | null;
  access_until: string | null;
  /** Requests per minute per API key; null = the service default (RATE_LIMIT_PER_MINUTE), 0 = unlimited. */
  rate_limit_per_minute: number | null;
  /** IANA time zone in which the organization reads times (cabinet, reports); Europe/Moscow by default. */
  time_zone: string;
  created_at: string;
  updated_at: string;
}

/** Requests of one key in one minute (window_start: ISO time the minute began), summed over every API node. */
export interface RateWindowsTable {
  key_id: string;
  window_start: string;
  requests: number;
}

export interface ApiKeysTable {
  id: string;
  tenant_id: string;
  /** sha256 hex of the secret; the secret itself is never stored. */
  key_hash: string;
  /** First characters of the key, shown by GET /key to tell keys apart. */
  prefix: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
  /** The name the organization gives the key (the specialist who uses it), or null. */
  label: string | null;
}

export interface RunsTable {
  id: string;
  tenant_id: string;
  status: RunStatus;
  stage: string;
  stage_text: string;
  /** JSON {percent, pages_total, pages_done, elapsed_s, eta_s} or null. */
  progress: string | null;
  /** JSON {code, message} when failed. */
  error: string | null;
  /** 1 when the run was cancelled while queued (status becomes failed, refunded). */
  cancelled: Bool;
  charged: Bool;
  refunded: Bool;
  double_volume: Bool;
  volume_units: number;
  user_request: string | null;
  object_address: string | null;
  bundle_id: string | null;
  /** Bundle label and version as they were when the run was created (renames do not change runs). */
  bundle_label: string | null;
  bundle_version: number | null;
  /** JSON array of {name, reason} entries skipped during unpacking. */
  skipped: string;
  idempotency_key: string | null;
  /** Key id that created the run. */
  key_id: string;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
  documents_deleted_at: string | null;
}

export interface DocumentsTable {
  run_id: string;
  idx: number;
  name: string;
  kind: string | null;
  kind_chosen: Bool;
  kind_guess: string | null;
  role: 'review' | 'context';
  format: string;
  size: number;
  sha256: string;
  /** Blob key of the original document. */
  blob_key: string;
  /** Blob key of the converted PDF, when converted. */
  pdf_blob_key: string | null;
  pages: number | null;
  converted: Bool;
  page_from: number | null;
  page_to: number | null;
  /** JSON array of warnings produced while preparing the document. */
  warnings: string;
  /** Why not one page was read (set by the reading stage); null when read or not read yet. */
  unread_reason: string | null;
}

export interface IdempotencyKeysTable {
  tenant_id: string;
  key: string;
  /** sha256 of the canonical request (file hashes, kinds, roles, address, task, bundle_id). */
  request_hash: string;
  state: 'pending' | 'complete';
  run_id: string | null;
  created_at: string;
  /** A pending record older than this may be taken over by a retry. */
  expires_at: string;
}

export interface LedgerTable {
  id: string;
  tenant_id: string;
  run_id: string | null;
  /** -1 for a charge, +1 for a refund, any for operator top-ups. */
  delta: number;
  reason: 'charge' | 'refund' | 'topup' | 'extra_volume';
  created_at: string;
}

export interface ResultsTable {
  run_id: string;
  tenant_id: string;
  /** feedback_snapshot: version of the published result. */
  snapshot: string;
  /** JSON of the published FindingsResult (without feedback, which is joined at read time). */
  body: string;
  /** Blob keys of the reports built at publication. */
  report_md_key: string;
  report_pdf_key: string | null;
  /** JSON map section code → blob key of the per-section PDF. */
  section_pdf_keys: string;
  /** JSON map theme → blob key of the per-theme PDF. */
  theme_pdf_keys: string;
  report_zip_key: string | null;
  published_at: string;
  /** JSON ReportMeta the reports were built with; null for results published before it was kept. */
  report_meta: ColumnType<string | null, string | null | undefined, string | null>;
  /** Lease of the process rebuilding PDFs that failed at publication (see src/report/rebuild.ts). */
  pdf_build_owner: ColumnType<string | null, string | null | undefined, string | null>;
  pdf_build_expires_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** PDF builds that started: the one at publication and every rebuild. */
  pdf_build_attempts: ColumnType<number, number | undefined, number>;
  /** After a failed build: the earliest time the next one may start (null: at once). */
  pdf_retry_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Message of the last failed build, for operators. */
  pdf_error: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BundlesTable {
  id: string;
  tenant_id: string;
  label: string;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface SessionEntriesTable {
  id: string;
  tenant_id: string;
  key_id: string;
  created_at: string;
}

/** A cabinet session; the cookie's id is stored only as its sha256 (see migration 040). */
export interface CabinetSessionsTable {
  id_hash: string;
  tenant_id: string;
  key_id: string;
  /** Sent back by the page on every state-changing request (header X-CSRF-Token). */
  csrf_token: string;
  created_at: string;
  expires_at: string;
  ended_at: string | null;
}

export interface FeedbackTable {
  id: string;
  tenant_id: string;
  run_id: string;
  snapshot: string;
  finding_id: string;
  /** feedback_actor: identity of the integration key that decided. */
  actor: string;
  decision: 'accepted' | 'rejected' | 'withdrawn';
  reason: string;
  reason_code: string | null;
  employee_id: string | null;
  /** Version of this actor's decision on this finding: 1 for the first, +1 for every change. */
  version: number;
  request_key: string;
  /** sha256 of the canonical request body, to tell a repeat from a conflicting reuse of request_key. */
  request_hash: string;
  created_at: string;
  /** The feedback_id of the previous round's decision this one carries over; null for a decision of its own. */
  carried_from: string | null;
}

/** The designer's answer to a remark of a run, from the filled register. */
export interface DesignerAnswersTable {
  run_id: string;
  finding_id: string;
  tenant_id: string;
  /** The row's number in the register the answer was written in. */
  register_no: number;
  answer: string;
  sheet: string;
  closed: string;
  actor: string;
  uploaded_at: string;
}

/** With employees: the employee a section of a run is assigned to (the first who decided on it). */
export interface DisciplineAssignmentsTable {
  run_id: string;
  section: string;
  tenant_id: string;
  employee_id: string;
  assigned_at: string;
}

export interface MemoryNotesTable {
  id: string;
  tenant_id: string;
  feedback_id: string;
  bundle_id: string;
  run_id: string;
  finding_id: string;
  /** The note text proposed (from the request or derived from the decision). */
  text: string;
  /** sha256 of the proposal content, to tell a repeat from another proposal. */
  content_hash: string;
  status: 'candidate' | 'revoked';
  version: number;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveriesTable {
  /** Delivery id, sent as X-SVC-Delivery; the same across retries of one event. */
  id: string;
  tenant_id: string;
  run_id: string;
  event: 'run.finished' | 'run.failed';
  /** Exact JSON bytes that are signed and sent. */
  body: string;
  url: string | null;
  status: 'pending' | 'delivered' | 'rejected' | 'failed' | 'denied';
  attempts: number;
  max_attempts: number;
  next_attempt_at: string | null;
  last_response_code: number | null;
  last_error: string | null;
  lease_owner: string | null;
  lease_expires_at: string | null;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
}

export interface Database {
  tenants: TenantsTable;
  api_keys: ApiKeysTable;
  runs: RunsTable;
  documents: DocumentsTable;
  idempotency_keys: IdempotencyKeysTable;
  ledger: LedgerTable;
  results: ResultsTable;
  bundles: BundlesTable;
  session_entries: SessionEntriesTable;
  cabinet_sessions: CabinetSessionsTable;
  feedback: FeedbackTable;
  designer_answers: DesignerAnswersTable;
  discipline_assignments: DisciplineAssignmentsTable;
  memory_notes: MemoryNotesTable;
  webhook_deliveries: WebhookDeliveriesTable;
  rate_windows: RateWindowsTable;
}
