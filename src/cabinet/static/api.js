// Calls of the service API (/api/v1) with the session cookie; state-changing calls carry the session's CSRF token.
// The key is never held here: after login the cookie (HttpOnly, not readable by scripts) stands for it.
/** @import { AnswersUpload, ArchivePreview, DocumentsDeleted, GetAnswer, GetPath, PostAnswer, PostBody, PostPath, Run } from '../api-types.ts' */

/** @type {string | null} */
let csrfToken = null;
/** @param {string | null} t */
export const setCsrf = (t) => (csrfToken = t);

export class ApiError extends Error {
  /**
   * @param {number} status HTTP status; 0 when no answer came
   * @param {string} code the contract's error code
   * @param {string} message
   * @param {string} [file] the file the error is about
   */
  constructor(status, code, message, file) {
    super(message);
    this.status = status;
    this.code = code;
    this.file = file;
  }
}

/** What a caught failure says on screen. @param {unknown} err */
export const messageOf = (err) => (err instanceof Error ? err.message : String(err));

/** @type {Record<number, string>} */
const GENERIC = {
  401: 'Сессия завершена. Войдите снова с ключом организации.',
  403: 'Доступ организации приостановлен.',
  413: 'Комплект слишком велик для приёма сервером.',
  429: 'Слишком много запросов; повторите чуть позже.',
};

/** @param {unknown} x @returns {x is Record<string, unknown>} */
const isObject = (x) => typeof x === 'object' && x !== null && !Array.isArray(x);
/** @param {unknown} x @returns {string | undefined} */
const stringOr = (x) => (typeof x === 'string' ? x : undefined);

/** The text of one item of a validation error list ({msg} or {message}). @param {unknown} x */
const itemText = (x) => (isObject(x) ? (stringOr(x.msg) ?? stringOr(x.message) ?? String(x)) : String(x));

/**
 * The contract's envelope {detail: {error, message, file}}; a gateway may answer with HTML, so type is checked first.
 * @param {number} status
 * @param {string | null} contentType
 * @param {() => Promise<string>} readText
 */
export async function errorOf(status, contentType, readText) {
  let code = `http_${status}`;
  let message = GENERIC[status] ?? (status >= 500 ? 'Сервис временно недоступен; повторите позже.' : `Ошибка ${status}`);
  let file;
  if ((contentType ?? '').includes('json')) {
    try {
      /** @type {unknown} */
      const body = JSON.parse(await readText());
      const d = isObject(body) ? body.detail : undefined;
      if (isObject(d)) {
        code = stringOr(d.error) ?? code;
        message = stringOr(d.message) ?? message;
        file = stringOr(d.file);
      } else if (Array.isArray(d)) {
        message = d.map(itemText).join('; ');
      }
    } catch {
      /* keep the generic message */
    }
  }
  return new ApiError(status, code, message, file);
}

/** @type {Set<(err: ApiError) => void>} */
const listeners = new Set();
/** Called with every 401: the session ended (logout elsewhere, key revoked, expiry). @param {(err: ApiError) => void} fn */
export const onSessionLost = (fn) => listeners.add(fn);

/**
 * @typedef {object} CallOptions
 * @property {unknown} [json] a JSON body
 * @property {FormData} [form] a multipart body
 * @property {Record<string, string>} [headers]
 */

/**
 * One request; the answer's JSON (or text; null for 204), or an ApiError.
 * @param {string} method
 * @param {string} path
 * @param {CallOptions} [options]
 * @returns {Promise<unknown>}
 */
export async function call(method, path, { json, form, headers = {} } = {}) {
  /** @type {Record<string, string>} */
  const sent = { ...headers };
  /** @type {RequestInit} */
  const init = { method, headers: sent, credentials: 'same-origin' };
  if (method !== 'GET' && method !== 'HEAD' && csrfToken) sent['X-CSRF-Token'] = csrfToken;
  if (json !== undefined) {
    sent['Content-Type'] = 'application/json';
    init.body = JSON.stringify(json);
  } else if (form) init.body = form;
  let res;
  try {
    res = await fetch(path, init);
  } catch {
    throw new ApiError(0, 'network', 'Нет связи с сервисом; проверьте сеть и повторите.');
  }
  if (!res.ok) {
    const answer = res;
    const err = await errorOf(answer.status, answer.headers.get('content-type'), () => answer.text());
    if (answer.status === 401 && !path.startsWith('/cabinet/login')) for (const fn of listeners) fn(err);
    throw err;
  }
  if (res.status === 204) return null;
  const type = res.headers.get('content-type') ?? '';
  return type.includes('json') ? res.json() : res.text();
}

// The answers are the contract's (src/cabinet/api-types.ts): the path names the shape.
export const api = {
  /** @template {GetPath} P @param {P} p @returns {Promise<GetAnswer<P>>} */
  get: async (p) => /** @type {GetAnswer<P>} */ (await call('GET', `/api/v1${p}`)),
  /** @template {PostPath} P @param {P} p @param {PostBody<P>} [json] @returns {Promise<PostAnswer<P>>} */
  post: async (p, json) => /** @type {PostAnswer<P>} */ (await call('POST', `/api/v1${p}`, { json })),
  /** @param {`/runs/${string}/documents`} p @returns {Promise<DocumentsDeleted>} */
  del: async (p) => /** @type {DocumentsDeleted} */ (await call('DELETE', `/api/v1${p}`)),
  /** @param {'/imports/preview'} p @param {FormData} form @param {Record<string, string>} [headers] @returns {Promise<ArchivePreview>} */
  form: async (p, form, headers) => /** @type {ArchivePreview} */ (await call('POST', `/api/v1${p}`, { form, headers })),
  /** The designer's filled register. @param {string} runId @param {FormData} form @returns {Promise<AnswersUpload>} */
  answers: async (runId, form) => /** @type {AnswersUpload} */ (await call('POST', `/api/v1/runs/${runId}/register-answers`, { form })),
};

/**
 * POST /runs with upload progress (fetch reports none). The Idempotency-Key is chosen by the caller once per
 * submission, so a retry after a lost answer or a second click returns the same run instead of charging again.
 * @param {FormData} form
 * @param {string} idempotencyKey
 * @param {(loaded: number, total: number) => void} onProgress
 * @returns {Promise<Run>}
 */
export function uploadRun(form, idempotencyKey, onProgress) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v1/runs');
    xhr.setRequestHeader('Idempotency-Key', idempotencyKey);
    if (csrfToken) xhr.setRequestHeader('X-CSRF-Token', csrfToken);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded, e.total);
    xhr.onerror = () => reject(new ApiError(0, 'network', 'Связь прервалась во время загрузки; повторите — повтор не спишет проверку второй раз.'));
    xhr.onload = async () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve(JSON.parse(xhr.responseText));
      const err = await errorOf(xhr.status, xhr.getResponseHeader('content-type'), async () => xhr.responseText);
      if (xhr.status === 401) for (const fn of listeners) fn(err);
      reject(err);
    };
    xhr.send(form);
  });
}
