/**
 * Conditional GET (RFC 9110): an ETag on run status, findings and reports, and 304 Not Modified when the
 * client's If-None-Match names it, so a poll of an unchanged run sends no body.
 *
 * JSON resources get a strong ETag: a digest of the exact bytes sent, so any change of the body (status,
 * stage, progress, checks_left, a decision) changes it. Reports get a weak one derived from the stored blob
 * (key and size) without reading it: the report says the same thing for the life of the run, but a PDF that
 * failed at publication is rebuilt later under the same key, so byte equality is not promised.
 */
import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './app-instance.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The JSON body of a 200 answer gets a strong ETag and If-None-Match is honoured. */
    etag?: boolean;
  }
}

/** Either side may be weak: If-None-Match uses the weak comparison. */
const opaque = (tag: string): string => (tag.startsWith('W/') ? tag.slice(2) : tag);

/** True when an If-None-Match header names this ETag (or is "*"). */
export function ifNoneMatchNames(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const wanted = opaque(etag);
  return header.split(',').some((t) => opaque(t.trim()) === wanted);
}

/** True when the request's If-None-Match names this ETag (or is "*"). */
export const matchesIfNoneMatch = (request: FastifyRequest, etag: string): boolean => ifNoneMatchNames(request.headers['if-none-match'], etag);

/** An answer with a validator is kept by the client but asked for again each time (If-None-Match). */
export const REVALIDATE = 'private, no-cache';

/** Sets the validator and, when the client already has this version, turns the answer into 304. */
export function conditionalAnswer(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('ETag', etag).header('Cache-Control', REVALIDATE);
  if (!matchesIfNoneMatch(request, etag)) return false;
  reply.code(304);
  return true;
}

/** Strong validator of a body: a digest of its exact bytes. */
export const strongEtag = (body: string): string => `"${hash('sha1', body, 'base64url')}"`;

export const weakBlobEtag = (key: string, size: number): string => `W/"${hash('sha1', `${key}\n${size}`, 'base64url')}"`;

/** Strong ETag over the serialized JSON body of a 200 answer; 304 when If-None-Match names it. */
function jsonEtag(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload?: unknown) => void): void {
  // A route that set its own validator (a cached answer) has already answered the condition.
  if (reply.statusCode !== 200 || typeof payload !== 'string' || (request.method !== 'GET' && request.method !== 'HEAD') || reply.hasHeader('etag')) {
    done(null);
    return;
  }
  if (!conditionalAnswer(request, reply, strongEtag(payload))) {
    done(null);
    return;
  }
  reply.removeHeader('Content-Type');
  done(null, null);
}

/** Routes marked `config: { etag: true }` get jsonEtag as their own onSend hook; other routes pay nothing. */
export function useJsonEtags(app: App): void {
  app.addHook('onRoute', (route) => {
    if (!route.config?.etag) return;
    const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...own, jsonEtag];
  });
}
