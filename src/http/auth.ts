import type { FastifyRequest } from 'fastify';
import type { Db } from '../store/db.ts';
import type { ApiKey, Tenant } from '../store/schema.ts';
import { findKeyBySecret, touchKey } from '../store/repositories/tenants.ts';
import { errors } from '../kernel/errors.ts';
import { nowIso } from '../kernel/clock.ts';

export interface AuthContext {
  tenant: Tenant;
  key: ApiKey;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every authenticated request; routes marked public may leave it unset. */
    auth?: AuthContext;
  }
  interface FastifyContextConfig {
    /** "public": no key needed; "optional": a key, when given, must be valid. */
    auth?: 'public' | 'optional';
    /** Schema of a multipart body, published in openapi.json (not used for validation). */
    multipartBody?: unknown;
  }
}

/** Reads "Authorization: Bearer <key>". Anything else — other scheme, empty value — is no key. */
function bearerSecret(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : null;
}

/** last_used_at is written at most once a minute per key so polling does not turn reads into writes. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * A second way in for requests without an Authorization header (the cabinet's session cookie): true when it
 * authenticated the request (and set request.auth), false when the request does not use it.
 */
export type KeylessAuthenticator = (request: FastifyRequest) => Promise<boolean>;

export function makeAuthenticator(db: Db, keyless?: KeylessAuthenticator) {
  const lastTouch = new Map<string, number>();
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const mode = request.routeOptions.config?.auth;
    const header = request.headers.authorization;
    if (mode === 'public' || (mode === 'optional' && !header)) return;
    if (!header && keyless && (await keyless(request))) return;
    if (!header) throw errors.unauthorized('Не передан заголовок Authorization: Bearer <API_KEY>');
    const secret = bearerSecret(header);
    if (!secret) throw errors.unauthorized('Поддерживается только схема авторизации Bearer');
    const found = await findKeyBySecret(db, secret);
    if (!found) throw errors.unauthorized('Ключ доступа неверен или отозван');
    if (found.tenant.status !== 'active') throw errors.forbidden();
    request.auth = found;
    const now = Date.now();
    if ((lastTouch.get(found.key.id) ?? 0) + TOUCH_INTERVAL_MS < now) {
      lastTouch.set(found.key.id, now);
      await touchKey(db, found.key.id, nowIso(new Date(now)));
    }
  };
}

/** The authenticated context of a route that requires a key. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw errors.unauthorized();
  return request.auth;
}
