// Calls of the service API (/api/v1) with the session cookie; state-changing calls carry the session's CSRF token.
// The key is never held here: after login the cookie (HttpOnly, not readable by scripts) stands for it.

let csrfToken = null;
export const setCsrf = (t) => (csrfToken = t);

export class ApiError extends Error {
  constructor(status, code, message, file) {
    super(message);
    this.status = status;
    this.code = code;
    this.file = file;
  }
}

const GENERIC = {
  401: 'Сессия завершена. Войдите снова с ключом организации.',
  403: 'Доступ организации приостановлен.',
  413: 'Комплект слишком велик для приёма сервером.',
  429: 'Слишком много запросов; повторите чуть позже.',
};

/** The contract's envelope {detail: {error, message, file}}; a gateway may answer with HTML, so type is checked first. */
export async function errorOf(status, contentType, readText) {
  let code = `http_${status}`;
  let message = GENERIC[status] ?? (status >= 500 ? 'Сервис временно недоступен; повторите позже.' : `Ошибка ${status}`);
  let file;
  if ((contentType ?? '').includes('json')) {
    try {
      const body = JSON.parse(await readText());
      const d = body?.detail;
      if (d && typeof d === 'object' && !Array.isArray(d)) {
        code = d.error ?? code;
        message = d.message ?? message;
        file = d.file;
      } else if (Array.isArray(d)) {
        message = d.map((x) => x.msg ?? x.message ?? String(x)).join('; ');
      }
    } catch {
      /* keep the generic message */
    }
  }
  return new ApiError(status, code, message, file);
}

const listeners = new Set();
/** Called with every 401: the session ended (logout elsewhere, key revoked, expiry). */
export const onSessionLost = (fn) => listeners.add(fn);

export async function call(method, path, { json, form, headers = {}, raw = false } = {}) {
  const init = { method, headers: { ...headers }, credentials: 'same-origin' };
  if (method !== 'GET' && method !== 'HEAD' && csrfToken) init.headers['X-CSRF-Token'] = csrfToken;
  if (json !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(json);
  } else if (form) init.body = form;
  let res;
  try {
    res = await fetch(path, init);
  } catch {
    throw new ApiError(0, 'network', 'Нет связи с сервисом; проверьте сеть и повторите.');
  }
  if (!res.ok) {
    const err = await errorOf(res.status, res.headers.get('content-type'), () => res.text());
    if (res.status === 401 && !path.startsWith('/cabinet/login')) for (const fn of listeners) fn(err);
    throw err;
  }
  if (raw) return res;
  if (res.status === 204) return null;
  const type = res.headers.get('content-type') ?? '';
  return type.includes('json') ? res.json() : res.text();
}

export const api = {
  get: (p) => call('GET', `/api/v1${p}`),
  post: (p, json) => call('POST', `/api/v1${p}`, { json }),
  del: (p) => call('DELETE', `/api/v1${p}`),
  form: (p, form, headers) => call('POST', `/api/v1${p}`, { form, headers }),
};

/**
 * POST /runs with upload progress (fetch reports none). The Idempotency-Key is chosen by the caller once per
 * submission, so a retry after a lost answer or a second click returns the same run instead of charging again.
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
