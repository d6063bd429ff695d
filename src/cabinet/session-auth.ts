import { accessOpen } from '../kernel/model/organization.ts';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../store/db.ts';
import { errors } from '../kernel/errors.ts';
import { CSRF_HEADER, SESSION_COOKIE, cookieValue } from './sessions.ts';
import { endCabinetSession, liveCabinetSession } from '../domain/cabinet-sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request was authenticated by a cabinet session cookie instead of the key. */
    cabinetSession?: { id: string; csrfToken: string; expiresAt: string };
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The cabinet's session cookie in place of "Authorization: Bearer": the same tenant and key as the key check gives,
 * so every route applies the same rules to both. Returns false when the request carries no session cookie.
 * A state-changing request must also carry the session's CSRF token in X-CSRF-Token.
 */
export async function authenticateSession(db: Db, request: FastifyRequest): Promise<boolean> {
  const id = cookieValue(request.headers.cookie, SESSION_COOKIE);
  if (!id) return false;
  const session = await liveCabinetSession(db, id);
  if (!session) throw errors.cabinetSessionEnded();
  if (!accessOpen(session.tenant)) {
    // Suspension ends the session: after resumption the user logs in again with the key.
    await endCabinetSession(db, id);
    throw errors.forbidden();
  }
  if (!SAFE_METHODS.has(request.method)) {
    const token = request.headers[CSRF_HEADER];
    if (typeof token !== 'string' || !sameToken(token, session.csrfToken)) {
      throw errors.cabinetCsrfMissing();
    }
  }
  // generation -1: read from the database for this request, not through the key cache, so nothing caches on it
  request.auth = { tenant: session.tenant, key: session.key, generation: -1 };
  request.cabinetSession = { id, csrfToken: session.csrfToken, expiresAt: session.expiresAt };
  return true;
}
