/**
 * Secrets a client puts in a query string (`?api_key=…`, `?key=…`, `?token=…`) are never written to a log: every
 * line of the service's loggers passes through redactLogArguments (pino's logMethod hook, see secretFreeLogging),
 * which replaces their values in every string of the line — the request line's url, messages, error texts.
 */
import type { LoggerOptions } from 'pino';

/** Names of query parameters whose values are secrets, whatever case or separator the client used. */
const SECRET_PARAMETER =
  /([?&;](?:api[-_]?key|apikey|key|token|access[-_]?token|auth|authorization|secret|password|passwd|session|sessionid|csrf[-_]?token|signature|sig)=)[^&;#\s"'<>]*/gi;

export const REDACTED = '[скрыто]';

/** The text with the values of secret query parameters replaced by REDACTED. */
export function redactQuerySecrets(text: string): string {
  // most lines carry no query at all: the regular expression runs only where a parameter can be
  if (!text.includes('=')) return text;
  return text.replace(SECRET_PARAMETER, `$1${REDACTED}`);
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
