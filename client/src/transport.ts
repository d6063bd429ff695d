/**
 * One HTTP exchange with the contract's rules: Bearer key, status and Content-Type checked before parsing,
 * errors turned into DrsApiError / DrsNetworkError, and retries chosen by what repeating the request may do.
 */
import { DrsApiError, DrsError, DrsNetworkError, type ErrorDetail } from './errors.ts';
import { backoffMs, parseRetryAfter, retryPolicy, sleep, type RetryOptions, type RetryPolicy } from './retry.ts';

/**
 * - read: GET and other requests that change nothing (or are safe to repeat): 429, 5xx and network failures.
 * - keyed: a write carrying its own idempotency key (upload, decision, memory proposal): as read, and a
 *   409 idempotency_pending is waited out with the same key.
 * - unsafe: other writes: repeated only when the answer says nothing was done (429, 503) or no connection
 *   was made, so a lost answer never makes the action twice.
 */
export type RetryMode = 'read' | 'keyed' | 'unsafe';

export interface RetryEvent {
  attempt: number;
  delayMs: number;
  error: DrsError;
  method: string;
  path: string;
}

export interface TransportOptions {
  /** Base address including /api/v1 (an address with no path gets /api/v1 appended). */
  baseUrl: string;
  apiKey?: string;
  retry?: RetryOptions;
  /** Per-attempt timeout of JSON requests (default 60 s); uploads and downloads have none unless given. */
  timeoutMs?: number;
  /** How long an upload waits on 409 idempotency_pending in all (default 10 min). */
  pendingTimeoutMs?: number;
  userAgent?: string;
  /** A replacement for globalThis.fetch (instrumentation, proxies, tests). */
  fetch?: typeof fetch;
  /** Called before every pause between attempts. */
  onRetry?: (event: RetryEvent) => void;
}

/** A body factory: called once per attempt so every retry sends the same bytes from the start. */
export type BodyFactory = () => Promise<{ body: BodyInit; contentType?: string }> | { body: BodyInit; contentType?: string };

export interface RequestSpec<T> {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  body?: BodyFactory;
  retry: RetryMode;
  /** false when the body cannot be produced twice (a one-shot stream): a single attempt. */
  repeatable?: boolean;
  /** Overrides the policy's number of attempts (1: the caller handles failures itself). */
  maxAttempts?: number;
  signal?: AbortSignal;
  /** Overrides the transport's timeout for this request; 0 means none. */
  timeoutMs?: number;
  /** Reads a 2xx answer. A failure while reading the body counts as a network failure. */
  handle: (response: Response) => Promise<T>;
  /** Attached to every error thrown for this request. */
  idempotencyKey?: string;
}

const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
]);

/** Whether an exception means the request got no (complete) answer, as opposed to a local failure. */
export function isNetworkFailure(e: unknown): boolean {
  for (let cur: unknown = e, depth = 0; cur && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    const err = cur as { name?: string; code?: string; message?: string };
    if (err.name === 'TimeoutError') return true;
    if (typeof err.code === 'string' && (NETWORK_CODES.has(err.code) || err.code.startsWith('UND_ERR'))) return true;
    if (cur instanceof TypeError && /fetch failed|terminated|network|socket/i.test(err.message ?? '')) return true;
  }
  return false;
}

/** The connection was never made, so the service cannot have acted on the request. */
function neverConnected(e: unknown): boolean {
  for (let cur: unknown = e, depth = 0; cur && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    const code = (cur as { code?: string }).code;
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') return true;
  }
  return false;
}

function retryableStatus(mode: RetryMode, status: number): boolean {
  if (mode === 'unsafe') return status === 429 || status === 503;
  return status === 429 || (status >= 500 && status !== 501 && status !== 505);
}

export function isJsonType(contentType: string): boolean {
  return /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType.trim());
}

/** The detail of an error body in any of the shapes the contract allows, or null when it is none of them. */
function detailOf(body: unknown): ErrorDetail | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const d = b.detail;
  if (d && typeof d === 'object' && !Array.isArray(d) && typeof (d as ErrorDetail).error === 'string') {
    const detail = d as ErrorDetail;
    return { ...detail, message: typeof detail.message === 'string' ? detail.message : detail.error };
  }
  if (Array.isArray(d)) {
    const text = d.map((x) =>
      x && typeof x === 'object' ? String((x as { message?: unknown; msg?: unknown }).message ?? (x as { msg?: unknown }).msg ?? JSON.stringify(x)) : String(x),
    );
    return { error: 'validation_error', message: text.join('; '), errors: d };
  }
  if (typeof d === 'string') return { error: 'error', message: d };
  const code = typeof b.error === 'string' ? b.error : typeof b.code === 'string' ? b.code : null;
  if (code) return { error: code, message: typeof b.message === 'string' ? b.message : code };
  return null;
}

/** Reads a non-2xx answer into a typed error, whatever its Content-Type. */
export async function errorFromResponse(response: Response): Promise<DrsApiError> {
  const contentType = response.headers.get('content-type') ?? '';
  const requestId = response.headers.get('x-request-id');
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  const extra = { ...(requestId ? { requestId } : {}), ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
  let text = '';
  try {
    text = await response.text();
  } catch {
    /* the status alone is still an answer */
  }
  if (isJsonType(contentType)) {
    try {
      const detail = detailOf(JSON.parse(text));
      if (detail) return new DrsApiError({ status: response.status, detail, contentType, envelope: true, ...extra });
    } catch {
      /* broken JSON: treated as any other foreign body below */
    }
  }
  return DrsApiError.fromStatus(response.status, contentType, text, extra);
}

/** A 2xx answer whose body is not what the operation returns (a captive portal, a misrouted proxy). */
export function unexpectedBody(response: Response, expected: string, text = ''): DrsApiError {
  const contentType = response.headers.get('content-type') ?? '';
  return new DrsApiError({
    status: response.status,
    contentType,
    envelope: false,
    detail: {
      error: 'unexpected_response',
      message: `Ожидался ответ ${expected}, получен ${contentType || 'ответ без Content-Type'} (HTTP ${response.status})`,
    },
    bodySnippet: text.slice(0, 500),
  });
}

/** Parses a JSON answer after checking its Content-Type; unknown fields are kept and never rejected. */
export async function readJson<T>(response: Response): Promise<T> {
  const contentType = response.headers.get('content-type') ?? '';
  const text = await response.text();
  if (!isJsonType(contentType)) throw unexpectedBody(response, 'JSON', text);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw unexpectedBody(response, 'в корректном JSON', text);
  }
}

export function normalizeBaseUrl(raw: string): string {
  const url = new URL(raw);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/api/v1';
  return url.toString().replace(/\/+$/, '');
}

export class Transport {
  readonly baseUrl: string;
  readonly policy: RetryPolicy;
  readonly #options: TransportOptions;
  readonly #fetch: typeof fetch;

  constructor(options: TransportOptions) {
    this.#options = options;
    this.baseUrl = normalizeBaseUrl(options.baseUrl);
    this.policy = retryPolicy(options.retry);
    this.#fetch = options.fetch ?? globalThis.fetch;
  }

  url(path: string, query: Record<string, string | number | undefined> = {}): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
    const qs = params.toString();
    return `${this.baseUrl}${path}${qs ? `?${qs}` : ''}`;
  }

  async request<T>(spec: RequestSpec<T>): Promise<T> {
    const maxAttempts = spec.repeatable === false ? 1 : (spec.maxAttempts ?? this.policy.maxAttempts);
    const pendingDeadline = Date.now() + (this.#options.pendingTimeoutMs ?? 600_000);
    const url = this.url(spec.path, spec.query);
    const fail = (e: DrsError): never => {
      if (spec.idempotencyKey) e.idempotencyKey = spec.idempotencyKey;
      throw e;
    };
    const pause = async (attempt: number, error: DrsError, delayMs: number) => {
      this.#options.onRetry?.({ attempt, delayMs, error, method: spec.method, path: spec.path });
      await sleep(delayMs, spec.signal);
    };

    for (let attempt = 1; ; attempt++) {
      spec.signal?.throwIfAborted();
      const timeoutMs = spec.timeoutMs ?? this.#options.timeoutMs ?? 60_000;
      const signals = [spec.signal, timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined].filter((s): s is AbortSignal => !!s);
      const headers: Record<string, string> = {
        accept: 'application/json, */*;q=0.5',
        'user-agent': this.#options.userAgent ?? 'drs-client/1',
        ...(this.#options.apiKey ? { authorization: `Bearer ${this.#options.apiKey}` } : {}),
        ...spec.headers,
      };
      const init: RequestInit & { duplex?: 'half' } = { method: spec.method, headers, signal: signals.length ? AbortSignal.any(signals) : null };
      if (spec.body) {
        const made = await spec.body();
        init.body = made.body;
        if (made.contentType) headers['content-type'] = made.contentType;
        if (made.body instanceof ReadableStream) {
          init.duplex = 'half';
          // Otherwise fetch clones the request to be able to follow a redirect, teeing the body: the copy nobody
          // reads keeps every byte sent, i.e. the whole set in memory. A stream cannot be replayed to a new
          // location anyway, and the API does not redirect.
          init.redirect = 'error';
          init.window = null;
        }
      }

      let response: Response;
      try {
        response = await this.#fetch(url, init);
      } catch (e) {
        if (spec.signal?.aborted) throw spec.signal.reason;
        if (!isNetworkFailure(e)) throw e;
        const error = new DrsNetworkError(`Нет ответа от сервиса (${spec.method} ${spec.path}): ${causeText(e)}`, attempt, { cause: e });
        const may = spec.retry !== 'unsafe' || neverConnected(e);
        if (!may || attempt >= maxAttempts) fail(error);
        await pause(attempt, error, backoffMs(this.policy, attempt));
        continue;
      }

      if (response.ok) {
        try {
          return await spec.handle(response);
        } catch (e) {
          if (spec.signal?.aborted) throw spec.signal.reason;
          if (e instanceof DrsError) fail(e);
          if (!isNetworkFailure(e)) throw e;
          const error = new DrsNetworkError(`Ответ оборвался (${spec.method} ${spec.path}): ${causeText(e)}`, attempt, { cause: e });
          if (spec.retry === 'unsafe' || attempt >= maxAttempts) fail(error);
          await pause(attempt, error, backoffMs(this.policy, attempt));
          continue;
        }
      }

      const error = await errorFromResponse(response);
      if (spec.retry === 'keyed' && response.status === 409 && error.code === 'idempotency_pending' && spec.repeatable !== false) {
        // The first submission with this key is still being accepted: wait with the same key, not counted as a failure.
        const wait = error.retryAfterMs ?? 5_000;
        if (Date.now() + wait > pendingDeadline) fail(error);
        await pause(attempt, error, wait);
        attempt--;
        continue;
      }
      const tooLong = error.retryAfterMs !== undefined && error.retryAfterMs > this.policy.maxRetryAfterMs;
      if (!retryableStatus(spec.retry, response.status) || attempt >= maxAttempts || tooLong) fail(error);
      await pause(attempt, error, backoffMs(this.policy, attempt, error.retryAfterMs));
    }
  }
}

function causeText(e: unknown): string {
  const parts: string[] = [];
  for (let cur: unknown = e, depth = 0; cur && depth < 4; cur = (cur as { cause?: unknown }).cause, depth++) {
    const err = cur as { code?: string; message?: string };
    parts.push(err.code ? `${err.code}` : String(err.message ?? cur));
  }
  return [...new Set(parts)].join(' / ');
}
