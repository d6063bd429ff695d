import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../domain/deps.ts';
import type { App } from '../http/app-instance.ts';
import { authOf } from '../http/auth.ts';
import { errors } from '../kernel/errors.ts';
import { requireJsonBody } from '../http/routes/json-body.ts';
import { endCabinetSession, logInWithKey } from '../domain/cabinet-sessions.ts';
import { loadStaticAssets } from './assets.ts';
import { SESSION_COOKIE, cookieValue } from './sessions.ts';
import { MAX_PICTURE_ZOOM, pageImages } from './page-image.ts';
import { shellHtml } from './shell.ts';
import { cabinetRunsList } from './runs-list.ts';
import { loginLimits } from './login-limits.ts';

/** No inline script or style anywhere; images may come from blob: URLs (chart export is not needed, previews are). */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** host[:port] of an Origin header; "null" (sandboxed or privacy-stripped) and malformed values are no host. */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host || null;
  } catch {
    return null;
  }
}

function cabinetSession(request: FastifyRequest) {
  if (!request.cabinetSession) throw errors.cabinetLoginRequired();
  return request.cabinetSession;
}

/**
 * The cabinet: a page shell and static ES modules at the site root that call /api/v1 with the session cookie
 * (src/cabinet/session-auth.ts), plus the few things the API has no call for: login and logout, the session's
 * CSRF token, and pictures of cited pages.
 */
export async function registerCabinet(app: App, deps: AppDeps, apiPrefix: string): Promise<void> {
  const { db } = deps.store;
  const assets = loadStaticAssets();
  const html = shellHtml(assets.base);
  const logins = loginLimits(deps.store, deps.config, deps.log, deps.clock);
  const pictures = pageImages({ db, blobs: deps.blobs, config: deps.config, log: deps.log, slots: deps.bounds.pages });
  // Before the server waits for requests in flight: those waiting for a picture are answered at once.
  app.addHook('preClose', (done) => {
    pictures.close();
    done();
  });

  // The page's protections go with what a browser renders as the cabinet (shell, assets, page pictures, errors
  // at the root), not with the API's JSON, which the page only fetches.
  const apiPath = `${apiPrefix}/`;
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith(apiPath)) {
      reply.header('Content-Security-Policy', CSP);
      reply.header('X-Frame-Options', 'DENY');
      reply.header('Referrer-Policy', 'no-referrer');
    }
    done();
  });

  const secure = (request: FastifyRequest): boolean =>
    deps.config.cabinetSecureCookie === 'always' ||
    (deps.config.cabinetSecureCookie === 'auto' && (request.protocol === 'https' || request.headers['x-forwarded-proto'] === 'https'));
  const setCookie = (request: FastifyRequest, reply: FastifyReply, value: string, maxAgeS: number) =>
    reply.header('Set-Cookie', `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeS}${secure(request) ? '; Secure' : ''}`);

  const page = async (_request: FastifyRequest, reply: FastifyReply) => reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
  for (const path of ['/', '/index.html']) app.get(path, { config: { auth: 'public' }, schema: { hide: true } }, page);

  app.get<{ Params: { version: string; name: string } }>(
    '/assets/:version/:name',
    { config: { auth: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const file = assets.get(request.params.version, request.params.name);
      if (!file) throw errors.cabinetAssetNotFound();
      return reply.header('Cache-Control', 'public, max-age=31536000, immutable').type(file.type).send(file.body);
    },
  );

  app.post<{ Body: { key: string } }>(
    '/cabinet/login',
    {
      config: { auth: 'public' },
      preValidation: requireJsonBody,
      schema: { hide: true, body: Type.Object({ key: Type.String({ minLength: 1, maxLength: 500 }) }) },
    },
    async (request, reply) => {
      // A JSON body cannot be sent by a form of another site; a browser's Origin, when sent, must be this site.
      const origin = request.headers.origin;
      if (origin && hostOf(origin) !== request.headers.host) throw errors.cabinetForeignOrigin();
      const address = request.ip;
      await logins.admitAttempt(address);
      const earlier = cookieValue(request.headers.cookie, SESSION_COOKIE);
      const { session, organization } = await logInWithKey(db, request.body.key.trim(), earlier, {
        hours: deps.config.cabinetSessionHours,
        sessionsPerKey: deps.config.cabinetSessionsPerKey,
        keyFound: (keyId) => logins.admitKey(keyId),
        keyRejected: () => logins.recordFailure(address),
      });
      setCookie(request, reply, session.id, deps.config.cabinetSessionHours * 3600);
      return reply
        .header('Cache-Control', 'no-store')
        .status(201)
        .send({ csrf_token: session.csrfToken, expires_at: session.expiresAt, organization: organization.name, time_zone: organization.timeZone });
    },
  );

  app.get('/cabinet/session', { schema: { hide: true } }, async (request, reply) => {
    const session = cabinetSession(request);
    const { tenant, key } = authOf(request);
    return reply.header('Cache-Control', 'no-store').send({
      csrf_token: session.csrfToken,
      expires_at: session.expiresAt,
      organization: tenant.name,
      key_prefix: key.prefix,
      // the cabinet shows times where the reports give them
      time_zone: tenant.timeZone,
    });
  });

  app.post('/cabinet/logout', { schema: { hide: true } }, async (request, reply) => {
    const session = cabinetSession(request);
    await endCabinetSession(db, session.id);
    setCookie(request, reply, '', 0);
    return reply.status(204).send();
  });

  app.get<{ Querystring: { limit?: number } }>(
    '/cabinet/runs',
    { schema: { hide: true, querystring: Type.Object({ limit: Type.Optional(Type.Integer()) }) } },
    async (request) => cabinetRunsList(db, deps.store.dialect, authOf(request).tenant, Math.min(200, Math.max(1, request.query.limit ?? 50))),
  );

  const pageParams = Type.Object({ run_id: Type.String({ maxLength: 100 }), doc_index: Type.Integer({ minimum: 1 }), doc_page: Type.Integer({ minimum: 1 }) });
  type PageParams = { run_id: string; doc_index: number; doc_page: number };

  app.get<{ Params: PageParams; Querystring: { crop?: 'title_block'; zoom?: number } }>(
    '/cabinet/runs/:run_id/documents/:doc_index/pages/:doc_page',
    {
      schema: {
        hide: true,
        params: pageParams,
        querystring: Type.Object({
          crop: Type.Optional(Type.Literal('title_block')),
          // the picture drawn this many times as sharp, for a viewer zoomed in on a large sheet (not with crop)
          zoom: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PICTURE_ZOOM })),
        }),
      },
    },
    async (request, reply) => {
      const { tenant } = authOf(request);
      const { run_id, doc_index, doc_page } = request.params;
      const { crop, zoom } = request.query;
      if (crop && zoom && zoom > 1) throw errors.badParameter('zoom', 'изображение основной надписи строится в одном разрешении, без zoom');
      const image = await pictures.open(tenant.id, run_id, doc_index, doc_page, crop ?? 'page', zoom ?? 1);
      return reply.header('Cache-Control', 'private, max-age=3600').type('image/png').send(image);
    },
  );

  app.get<{ Params: PageParams }>(
    '/cabinet/runs/:run_id/documents/:doc_index/pages/:doc_page/words',
    { schema: { hide: true, params: pageParams } },
    async (request, reply) => {
      const { tenant } = authOf(request);
      const { run_id, doc_index, doc_page } = request.params;
      const words = await pictures.words(tenant.id, run_id, doc_index, doc_page);
      return reply.header('Cache-Control', 'private, max-age=3600').type('application/json; charset=utf-8').send(words);
    },
  );
}
