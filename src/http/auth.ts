/**
 * Authentication: "Authorization: Bearer <key>" → the key and its organization, checked first of all.
 * It runs in onRequest — after routing, before the body is read, parsed or validated and before any lookup —
 * so a request without a valid key learns nothing but 401 (no 413/415/422, no 404 that tells a run exists).
 * Answers come from an in-memory cache kept exact by the store's change feed (src/store/key-cache.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { App } from './app-instance.ts';
import type { Store } from '../store/db.ts';
import type { ApiKey, Tenant } from '../store/schema.ts';
import { touchKey } from '../store/repositories/tenants.ts';
import { KeyCache } from '../store/key-cache.ts';
import { errors } from '../kernel/errors.ts';
import { drainBody } from './drain.ts';
import { nowIso } from '../kernel/clock.ts';

export interface AuthContext {
  tenant: Tenant;
  key: ApiKey;
  /** The change-feed generation this answer is current for (key-cache.ts); -1 when it may not be cached on. */
  generation: number;
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

/**
 * A second way in for requests without an Authorization header (the cabinet's session cookie): true when it
 * authenticated the request (and set request.auth), false when the request does not use it.
 */
export type KeylessAuthenticator = (request: FastifyRequest) => Promise<boolean>;

/** last_used_at is written at most once a minute per key so polling does not turn reads into writes. */
const TOUCH_INTERVAL_MS = 60_000;

const hasUnreadBody = (request: FastifyRequest): boolean =>
  !request.raw.complete && (request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0);

export async function registerAuthentication(
  app: App,
  store: Store,
  options: {
    log?: Parameters<Store['changes']['start']>[0];
    keyless?: KeylessAuthenticator;
    /** Called for every authenticated request before anything else about it; may refuse it (the rate limit). */
    admit?: (auth: AuthContext) => void;
  } = {},
): Promise<void> {
  const { log, keyless, admit } = options;
  await store.changes.start(log);
  const keys = new KeyCache(store.db, store.changes);
  const lastTouch = new Map<string, number>();

  async function authenticate(request: FastifyRequest): Promise<void> {
    const mode = request.routeOptions.config?.auth;
    const header = request.headers.authorization;
    if (mode === 'public' || (mode === 'optional' && !header)) return;
    if (!header && keyless && (await keyless(request))) return;
    if (!header) throw errors.unauthorized('Не передан заголовок Authorization: Bearer <API_KEY>');
    const secret = bearerSecret(header);
    if (!secret) throw errors.unauthorized('Поддерживается только схема авторизации Bearer');
    const { owner, generation } = await keys.find(secret);
    if (!owner) throw errors.unauthorized('Ключ доступа неверен или отозван');
    if (owner.tenant.status !== 'active') throw errors.forbidden();
    request.auth = { ...owner, generation };
    const now = Date.now();
    if ((lastTouch.get(owner.key.id) ?? 0) + TOUCH_INTERVAL_MS < now) {
      lastTouch.set(owner.key.id, now);
      await touchKey(store.db, owner.key.id, nowIso(new Date(now)));
    }
  }

  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url === undefined) return; // unknown route: the 404 handler answers
    try {
      await authenticate(request);
      if (admit && request.auth) admit(request.auth);
    } catch (err) {
      // The refused body is read (up to 1 MiB) so the client gets the answer, never parsed; the rest is cut.
      if (hasUnreadBody(request)) {
        await drainBody(request.raw);
        if (!request.raw.complete) reply.header('Connection', 'close');
      }
      throw err;
    }
  });
}

/** The authenticated context of a route that requires a key. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw errors.unauthorized();
  return request.auth;
}
