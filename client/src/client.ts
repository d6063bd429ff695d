/**
 * DrsClient: every operation of the Document Review Service API v1 with the contract's client rules.
 * Reads are retried with backoff and jitter; an upload always carries an Idempotency-Key and repeats
 * with it; downloads stream to files; errors are DrsApiError / DrsNetworkError.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { DrsApiError, DrsUsageError } from './errors.ts';
import { multipartBody, type Part } from './multipart.ts';
import { resolveSources, type UploadSource } from './sources.ts';
import { readJson, Transport, unexpectedBody, type RequestSpec, type RetryMode, type TransportOptions } from './transport.ts';
import { waitForRun, type WaitOptions } from './wait.ts';
import type {
  Bundle,
  BundleList,
  Decision,
  DecisionRequest,
  DecisionValue,
  Docset,
  DocumentsDeleted,
  Features,
  FeedbackHistory,
  FindingsResult,
  Health,
  ImportPreview,
  KeyInfo,
  Limits,
  Me,
  MemoryList,
  MemoryListQuery,
  MemoryNote,
  MemoryProposal,
  Run,
  RunList,
  RunStatus,
  SessionEntry,
  Subscription,
  Usage,
  VersionInfo,
  WebhookDeliveries,
} from './types.ts';

export type ClientOptions = TransportOptions;

export interface CallOptions {
  signal?: AbortSignal;
}

export interface CreateRunInput extends CallOptions {
  /** Paths of files or folders (a folder's files all join the set) and streams. */
  files: UploadSource[];
  objectAddress?: string;
  /** Task for the reviewer, stored with the set. */
  userRequest?: string;
  /** Exact file name → section code. */
  kinds?: Record<string, string>;
  /** Exact document path → context | review. */
  roles?: Record<string, 'context' | 'review'>;
  bundleId?: string;
  /** Generated when absent; the same key is sent on every retry. Keep it to repeat after a lost answer. */
  idempotencyKey?: string;
  /** Bytes of file content handed to the connection so far (not counting multipart framing). */
  onUploadProgress?: (sentBytes: number, totalBytes: number | null) => void;
}

/** md, pdf, zip: the reports; xlsx, docx: the register of remarks with the specialists' decisions. */
export type ReportFormat = 'md' | 'pdf' | 'zip' | 'xlsx' | 'docx';

export interface ReportOptions extends CallOptions {
  format?: ReportFormat;
  /** Section code from available_sections[].code (PDF and the register). */
  section?: string;
  /** engineering, norms, construction, unassigned (PDF and the register). */
  theme?: string;
  /** The register only: include the findings a specialist rejected, marked (left out by default). */
  includeRejected?: boolean;
}

export interface DownloadResult {
  path: string;
  bytes: number;
  contentType: string;
}

export interface DecideOptions extends CallOptions {
  reason?: string;
  /** Re-read the decision and repeat once when it changed meanwhile (409 version_conflict or report_changed). */
  retryOnConflict?: boolean;
  requestKey?: string;
  reasonCode?: string;
  employeeId?: string;
}

const REPORT_TYPES: Record<ReportFormat, string> = {
  md: 'text/markdown',
  pdf: 'application/pdf',
  zip: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const enc = encodeURIComponent;

export class DrsClient {
  readonly transport: Transport;

  constructor(options: ClientOptions) {
    this.transport = new Transport(options);
  }

  /** Reads configuration from DRS_API_URL and DRS_API_KEY. */
  static fromEnv(env: Record<string, string | undefined> = process.env, options: Partial<ClientOptions> = {}): DrsClient {
    const baseUrl = options.baseUrl ?? env.DRS_API_URL;
    if (!baseUrl) throw new DrsUsageError('Не задан адрес API: переменная DRS_API_URL');
    return new DrsClient({ ...options, baseUrl, apiKey: options.apiKey ?? env.DRS_API_KEY });
  }

  get baseUrl(): string {
    return this.transport.baseUrl;
  }

  #json<T>(method: RequestSpec<T>['method'], path: string, extra: Partial<RequestSpec<T>> & { retry?: RetryMode; json?: unknown } = {}): Promise<T> {
    const { json, ...rest } = extra;
    return this.transport.request<T>({
      method,
      path,
      retry: method === 'GET' ? 'read' : 'unsafe',
      handle: (r) => readJson<T>(r),
      ...(json !== undefined ? { body: () => ({ body: JSON.stringify(json), contentType: 'application/json' }) } : {}),
      ...rest,
    });
  }

  // Service and reference

  health(o: CallOptions = {}): Promise<Health> {
    return this.#json('GET', '/health', o);
  }
  version(o: CallOptions = {}): Promise<VersionInfo> {
    return this.#json('GET', '/version', o);
  }
  docset(o: CallOptions = {}): Promise<Docset> {
    return this.#json('GET', '/docset', o);
  }
  features(o: CallOptions = {}): Promise<Features> {
    return this.#json('GET', '/features', o);
  }
  me(o: CallOptions = {}): Promise<Me> {
    return this.#json('GET', '/me', o);
  }
  limits(o: CallOptions = {}): Promise<Limits> {
    return this.#json('GET', '/limits', o);
  }
  key(o: CallOptions = {}): Promise<KeyInfo> {
    return this.#json('GET', '/key', o);
  }
  subscription(o: CallOptions = {}): Promise<Subscription> {
    return this.#json('GET', '/subscription', o);
  }
  /** Consumption over `days` (1–365; the service clamps other values). */
  usage(o: CallOptions & { days?: number } = {}): Promise<Usage> {
    return this.#json('GET', '/usage', { signal: o.signal, query: { days: o.days } });
  }

  // Runs

  /**
   * POST /runs: uploads one set as a single review. The body is streamed from the sources; on a network
   * failure, 429, 5xx or 507 it is sent again with the same Idempotency-Key (the service answers 200 with
   * the earlier run instead of making a second one), and 409 idempotency_pending is waited out.
   */
  async createRun(input: CreateRunInput): Promise<Run> {
    const { parts: fileParts, repeatable, totalBytes } = await resolveSources(input.files);
    const fields: Part[] = [];
    const field = (name: string, value: string | undefined) => {
      if (value !== undefined) fields.push({ field: name, value });
    };
    field('object_address', input.objectAddress);
    field('user_request', input.userRequest);
    field('kinds', input.kinds && JSON.stringify(input.kinds));
    field('roles', input.roles && JSON.stringify(input.roles));
    field('bundle_id', input.bundleId);
    const idempotencyKey = input.idempotencyKey ?? randomUUID();
    const progress = input.onUploadProgress;
    return this.transport.request<Run>({
      method: 'POST',
      path: '/runs',
      headers: { 'idempotency-key': idempotencyKey },
      retry: 'keyed',
      repeatable,
      idempotencyKey,
      timeoutMs: 0,
      ...(input.signal ? { signal: input.signal } : {}),
      body: () => {
        let sent = 0;
        const counted = progress
          ? fileParts.map((p) => ({
              ...p,
              open: async function* () {
                for await (const chunk of await p.open()) {
                  sent += chunk.byteLength;
                  progress(sent, totalBytes);
                  yield chunk;
                }
              },
            }))
          : fileParts;
        return multipartBody([...counted, ...fields]);
      },
      handle: (r) => readJson<Run>(r),
    });
  }

  /** GET /runs: latest runs, newest first (limit 1–200). */
  listRuns(o: CallOptions & { limit?: number } = {}): Promise<RunList> {
    return this.#json('GET', '/runs', { signal: o.signal, query: { limit: o.limit } });
  }

  getRun(runId: string, o: CallOptions & { maxAttempts?: number } = {}): Promise<RunStatus> {
    return this.#json('GET', `/runs/${enc(runId)}`, o);
  }

  /** Polls the run until done or failed; see WaitOptions. */
  waitForRun(runId: string, options: WaitOptions = {}): Promise<RunStatus> {
    return waitForRun(this, runId, options);
  }

  /** Cancels a queued run (409 review_already_started once processing began). Not repeated after a lost answer. */
  cancelRun(runId: string, o: CallOptions = {}): Promise<RunStatus> {
    return this.#json('POST', `/runs/${enc(runId)}/cancel`, o);
  }

  /** Deletes source documents of a finished run; the contract makes a repeat safe, so it is retried like a read. */
  deleteDocuments(runId: string, o: CallOptions = {}): Promise<DocumentsDeleted> {
    return this.#json('DELETE', `/runs/${enc(runId)}/documents`, { ...o, retry: 'read' });
  }

  findings(runId: string, o: CallOptions = {}): Promise<FindingsResult> {
    return this.#json('GET', `/runs/${enc(runId)}/findings`, o);
  }

  #reportRequest(runId: string, o: ReportOptions): { path: string; query: Record<string, string | undefined>; format: ReportFormat } {
    const format = o.format ?? 'md';
    const filters = { section: o.section, theme: o.theme };
    if (format === 'zip') return { path: `/runs/${enc(runId)}/report.zip`, query: {}, format };
    if (format === 'xlsx' || format === 'docx') {
      const include_rejected = o.includeRejected === undefined ? undefined : String(o.includeRejected);
      return { path: `/runs/${enc(runId)}/register.${format}`, query: { ...filters, include_rejected }, format };
    }
    if (format === 'pdf') return { path: `/runs/${enc(runId)}/report.pdf`, query: filters, format };
    return { path: `/runs/${enc(runId)}/report`, query: filters, format };
  }

  /** The overall report in Markdown. */
  async reportMarkdown(runId: string, o: CallOptions = {}): Promise<string> {
    const { path, query } = this.#reportRequest(runId, { format: 'md' });
    return this.transport.request({
      method: 'GET',
      path,
      query,
      retry: 'read',
      ...o,
      handle: async (r) => {
        if (!(r.headers.get('content-type') ?? '').startsWith(REPORT_TYPES.md)) throw unexpectedBody(r, REPORT_TYPES.md, await r.text());
        return r.text();
      },
    });
  }

  /**
   * Streams a report (Markdown, PDF or ZIP) or the register of remarks (XLSX, DOCX) into a file. The bytes go to a temporary file next to it that is
   * renamed when complete, so an interrupted download never leaves a truncated report under the final name.
   */
  async downloadReport(runId: string, filePath: string, o: ReportOptions = {}): Promise<DownloadResult> {
    const { path, query, format } = this.#reportRequest(runId, o);
    const expected = REPORT_TYPES[format];
    const partial = `${filePath}.part-${process.pid}-${randomUUID().slice(0, 8)}`;
    try {
      return await this.transport.request({
        method: 'GET',
        path,
        query,
        retry: 'read',
        timeoutMs: 0,
        ...(o.signal ? { signal: o.signal } : {}),
        handle: async (r) => {
          const contentType = r.headers.get('content-type') ?? '';
          if (!contentType.startsWith(expected)) throw unexpectedBody(r, expected, await r.text().catch(() => ''));
          if (!r.body) throw unexpectedBody(r, expected);
          let bytes = 0;
          const counter = async function* (source: AsyncIterable<Uint8Array>) {
            for await (const chunk of source) {
              bytes += chunk.byteLength;
              yield chunk;
            }
          };
          await pipeline(Readable.fromWeb(r.body as NodeReadableStream<Uint8Array>), counter, createWriteStream(partial));
          await rename(partial, filePath);
          return { path: filePath, bytes, contentType };
        },
      });
    } finally {
      await rm(partial, { force: true });
    }
  }

  /** POST /imports/preview: lists an archive before upload; creates no run and charges nothing. */
  async previewImport(file: UploadSource, o: CallOptions = {}): Promise<ImportPreview> {
    const { parts, repeatable } = await resolveSources([file], 'file');
    return this.transport.request<ImportPreview>({
      method: 'POST',
      path: '/imports/preview',
      retry: 'read',
      repeatable,
      timeoutMs: 0,
      ...o,
      body: () => multipartBody(parts),
      handle: (r) => readJson<ImportPreview>(r),
    });
  }

  // Bundles

  listBundles(o: CallOptions & { limit?: number } = {}): Promise<BundleList> {
    return this.#json('GET', '/bundles', { signal: o.signal, query: { limit: o.limit } });
  }
  createBundle(label: string, o: CallOptions = {}): Promise<Bundle> {
    return this.#json('POST', '/bundles', { ...o, json: { label } });
  }
  getBundle(bundleId: string, o: CallOptions = {}): Promise<Bundle> {
    return this.#json('GET', `/bundles/${enc(bundleId)}`, o);
  }
  /** Renames with the bundle's current version; 409 version_conflict means it changed: read it again. */
  renameBundle(bundleId: string, label: string, version: number, o: CallOptions = {}): Promise<Bundle> {
    return this.#json('POST', `/bundles/${enc(bundleId)}/label`, { ...o, json: { label, version } });
  }

  // Decisions

  /** GET /runs/{run_id}/feedback: the decision history with the snapshot and actor it relates to. */
  feedbackHistory(runId: string, o: CallOptions = {}): Promise<FeedbackHistory> {
    return this.#json('GET', `/runs/${enc(runId)}/feedback`, o);
  }

  /**
   * POST /runs/{run_id}/feedback as given. request_key is generated when absent and kept on retries, so a
   * repeat after a lost answer returns the stored decision instead of a second one.
   */
  submitDecision(runId: string, body: Omit<DecisionRequest, 'request_key'> & { request_key?: string }, o: CallOptions = {}): Promise<Decision> {
    const json: DecisionRequest = { ...body, request_key: body.request_key ?? randomUUID() };
    return this.#json('POST', `/runs/${enc(runId)}/feedback`, { ...o, json, retry: 'keyed', idempotencyKey: json.request_key });
  }

  /**
   * Records a decision on a finding the way the contract asks: reads the current snapshot and the latest
   * version of this key's own decision on the finding (0 when none), then submits. With retryOnConflict a
   * decision changed meanwhile is read again and the submission repeated once, under a new request_key.
   */
  async decide(runId: string, findingId: string, decision: DecisionValue, o: DecideOptions = {}): Promise<Decision> {
    const call = o.signal ? { signal: o.signal } : {};
    const once = async (requestKey: string | undefined): Promise<Decision> => {
      const history = await this.feedbackHistory(runId, call);
      const own = history.history.filter(
        (d) => d.finding_id === findingId && d.snapshot === history.feedback_snapshot && (d.own || d.actor === history.feedback_actor),
      );
      const version = own.reduce((max, d) => Math.max(max, d.version), 0);
      return this.submitDecision(
        runId,
        {
          snapshot: history.feedback_snapshot,
          finding_id: findingId,
          decision,
          reason: o.reason ?? '',
          version,
          ...(requestKey ? { request_key: requestKey } : {}),
          ...(o.reasonCode !== undefined ? { reason_code: o.reasonCode } : {}),
          ...(o.employeeId !== undefined ? { employee_id: o.employeeId } : {}),
        },
        call,
      );
    };
    try {
      return await once(o.requestKey);
    } catch (e) {
      const changed = e instanceof DrsApiError && e.status === 409 && (e.code === 'version_conflict' || e.code === 'report_changed');
      if (!changed || !o.retryOnConflict) throw e;
      // The content differs now (another version), so the old request_key would be a conflict of its own.
      return once(undefined);
    }
  }

  // Memory

  listMemory(o: CallOptions & MemoryListQuery = {}): Promise<MemoryList> {
    const { signal, ...query } = o;
    return this.#json('GET', '/memory', { ...(signal ? { signal } : {}), query: query as Record<string, string | number | undefined> });
  }
  /** A repeat of the same proposal returns the earlier note, so it is retried like a keyed write. */
  proposeMemory(body: MemoryProposal, o: CallOptions = {}): Promise<MemoryNote> {
    return this.#json('POST', '/memory', { ...o, json: body, retry: 'keyed' });
  }
  getMemoryNote(noteId: string, o: CallOptions = {}): Promise<MemoryNote> {
    return this.#json('GET', `/memory/${enc(noteId)}`, o);
  }
  revokeMemoryNote(noteId: string, version: number, o: CallOptions = {}): Promise<MemoryNote> {
    return this.#json('POST', `/memory/${enc(noteId)}/revoke`, { ...o, json: { status: 'revoked', version } });
  }

  // Notifications and session

  webhookDeliveries(runId: string, o: CallOptions = {}): Promise<WebhookDeliveries> {
    return this.#json('GET', '/webhooks/deliveries', { signal: o.signal, query: { run_id: runId } });
  }
  /** Records a login through the cabinet form; not for API use and never per poll. */
  sessionEntry(o: CallOptions = {}): Promise<SessionEntry> {
    return this.#json('POST', '/session/entry', o);
  }
}
