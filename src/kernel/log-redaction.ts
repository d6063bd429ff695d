/**
 * Secrets a client puts in a query string (`?api_key=…`, `?key=…`, `?token=…`) are never written to a log, nor
 * an API key of the service (`drs_…`) wherever it stands — in a parameter of any name or none (`?drs_…`,
 * `?q=drs_…`), in the path (`/runs/drs_…`), percent-encoded (`drs%5F…`), in a message: every line of the
 * service's loggers passes through redactLogArguments (pino's logMethod hook, see secretFreeLogging), which
 * replaces them in every string of the line — the request line's url, messages, error texts.
 */
import type { LoggerOptions } from 'pino';

/** Names of query parameters whose values are secrets, whatever case or separator the client used. */
const SECRET_PARAMETER =
  /([?&;](?:api[-_]?key|apikey|key|token|access[-_]?token|auth|authorization|secret|password|passwd|session|sessionid|csrf[-_]?token|signature|sig)=)[^&;#\s"'<>]*/gi;

/**
 * An API key as the service issues them (`drs_` and 43 characters of base64url, store/repositories/tenants.ts),
 * also cut short or percent-encoded: `drs_` followed by at least 8 characters of the alphabet.
 */
const API_KEY = /drs(?:_|%5f)[A-Za-z0-9_-]{8,}/gi;

export const REDACTED = '[скрыто]';

/** The text with the values of secret query parameters, and every API key anywhere in it, replaced by REDACTED. */
export function redactQuerySecrets(text: string): string {
  // most lines carry neither a query nor a key: the regular expressions run only where one can be
  let out = text;
  if (out.includes('=')) out = out.replace(SECRET_PARAMETER, `$1${REDACTED}`);
  if (/drs(?:_|%5f)/i.test(out)) out = out.replace(API_KEY, `drs_${REDACTED}`);
  return out;
}

function redactValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactQuerySecrets(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) {
    const message = redactQuerySecrets(value.message);
    const stack = value.stack === undefined ? undefined : redactQuerySecrets(value.stack);
    if (message === value.message && stack === value.stack) return value;
    const copy = new Error(message);
    copy.name = value.name;
    copy.stack = stack;
    return Object.assign(copy, redactValue({ ...value }, depth + 1));
  }
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v) => {
      const r = redactValue(v, depth + 1);
      if (r !== v) changed = true;
      return r;
    });
    return changed ? out : value;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  let out: Record<string, unknown> | null = null;
  for (const [k, v] of Object.entries(value)) {
    const r = redactValue(v, depth + 1);
    if (r !== v) {
      out ??= { ...(value as Record<string, unknown>) };
      out[k] = r;
    }
  }
  return out ?? value;
}

/** The arguments of one log call with secrets of query strings replaced; unchanged arguments are the same objects. */
export function redactLogArguments(args: unknown[]): unknown[] {
  return args.map((a) => redactValue(a, 0));
}

/** pino options that pass every line of a logger and its children through redactLogArguments. */
export const secretFreeLogging: Pick<LoggerOptions, 'hooks'> = {
  hooks: {
    logMethod(args, method) {
      method.apply(this, redactLogArguments(args) as Parameters<typeof method>);
    },
  },
};
