/**
 * Authentication: "Authorization: Bearer <key>" → the key and its organization, checked first of all.
 * It runs in onRequest — after routing, before the body is read, parsed or validated and before any lookup —
 * so a request without a valid key learns nothing but 401 (no 413/415/422, no 404 that tells a run exists).
 * Answers come from an in-memory cache kept exact by the store's change feed (src/store/key-cache.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './app-instance.ts';
import type { Store } from '../store/db.ts';
import type { ApiKeyRecord, Organization } from '../kernel/model/organization.ts';
import { accessOpen } from '../kernel/model/organization.ts';
import { touchKey } from '../store/repositories/tenants.ts';
import { KeyCache, type KeyAnswer } from '../store/key-cache.ts';
import { errors } from '../kernel/errors.ts';
import { drainBody } from './drain.ts';
import { nowIso } from '../kernel/clock.ts';

export interface AuthContext {
  tenant: Organization;
  key: ApiKeyRecord;
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

/** Authentication that needs nothing but memory (the cached polling path, cached-poll.ts). */
export interface CachedKeys {
  /**
   * The context of an Authorization header whose key is cached, usable and not due its last_used_at write;
   * undefined whenever the full path has anything to do or to refuse.
   */
  cachedAuth(header: string | undefined): AuthContext | undefined;
}

export async function registerAuthentication(
  app: App,
  store: Store,
  options: {
    log?: Parameters<Store['changes']['start']>[0];
    keyless?: KeylessAuthenticator;
    /** Called for every authenticated request before anything else about it; may refuse it (the rate limit). */
    admit?: (auth: AuthContext) => void;
  } = {},
): Promise<CachedKeys> {
  const { log, keyless, admit } = options;
  await store.changes.start(log);
  const keys = new KeyCache(store.db, store.changes);
  const lastTouch = new Map<string, number>();
  const touchDue = (keyId: string, now: number): boolean => (lastTouch.get(keyId) ?? 0) + TOUCH_INTERVAL_MS < now;

  /** Sets request.auth or throws; a promise only when it has to wait (a database read, a cookie, a touch). */
  function authenticate(request: FastifyRequest): Promise<void> | undefined {
    const mode = request.routeOptions.config?.auth;
    const header = request.headers.authorization;
    if (mode === 'public' || (mode === 'optional' && !header)) return undefined;
    if (!header) return keyless ? withoutKey(request, keyless) : refuseMissingKey();
    const secret = bearerSecret(header);
    if (!secret) throw errors.unauthorized('Поддерживается только схема авторизации Bearer');
    const answer = keys.find(secret);
    return answer instanceof Promise ? answer.then((found) => acceptKey(request, found)) : acceptKey(request, answer);
  }

  async function withoutKey(request: FastifyRequest, authenticateKeyless: KeylessAuthenticator): Promise<void> {
    if (!(await authenticateKeyless(request))) refuseMissingKey();
  }

  function acceptKey(request: FastifyRequest, { owner, generation }: KeyAnswer): Promise<void> | undefined {
    if (!owner) throw errors.unauthorized('Ключ доступа неверен или отозван');
    if (!accessOpen(owner.tenant)) throw errors.forbidden();
    request.auth = { ...owner, generation };
    const now = Date.now();
    if (!touchDue(owner.key.id, now)) return undefined;
    lastTouch.set(owner.key.id, now);
    return touchKey(store.db, owner.key.id, nowIso(new Date(now)));
  }

  /** A refused request's body is read (up to 1 MiB) so the client gets the answer, never parsed; the rest is cut. */
  async function refuse(request: FastifyRequest, reply: FastifyReply, err: unknown): Promise<never> {
    if (hasUnreadBody(request)) {
      await drainBody(request.raw);
      if (!request.raw.complete) reply.header('Connection', 'close');
    }
    throw err;
  }

  // Callback form: a cached key is admitted without a promise or a turn of the microtask queue.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.url === undefined) return done(); // unknown route: the 404 handler answers
    const failed = (err: unknown) => refuse(request, reply, err).catch(done);
    // The rate limit counts authenticated requests only: a request without a valid key is 401 first.
    const admitted = () => {
      if (admit && request.auth) admit(request.auth);
    };
    let waiting: Promise<void> | undefined;
    try {
      waiting = authenticate(request);
      if (!waiting) admitted();
    } catch (err) {
      failed(err);
      return;
    }
    if (!waiting) return done();
    waiting.then(admitted).then(() => done(), failed);
  });

  return {
    cachedAuth(header) {
      const secret = bearerSecret(header);
      const answer = secret ? keys.peek(secret) : undefined;
      const owner = answer?.owner;
      if (!answer || !owner || !accessOpen(owner.tenant) || touchDue(owner.key.id, Date.now())) return undefined;
      return { ...owner, generation: answer.generation };
    },
  };
}

const refuseMissingKey = (): never => {
  throw errors.unauthorized('Не передан заголовок Authorization: Bearer <API_KEY>');
};

/** The authenticated context of a route that requires a key. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw errors.unauthorized();
  return request.auth;
}
