import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppDeps, AppInput } from './domain/deps.ts';
import { workBounds } from './domain/work-bounds.ts';
import { keptReportChildren } from './isolation/report-children.ts';
import type { App } from './http/app-instance.ts';
import { registerAuthentication } from './http/auth.ts';
import { startRateLimits, type RateLimits } from './http/rate-limit.ts';
import { useJsonEtags } from './http/conditional.ts';
import { renderError } from './http/error-handler.ts';
import { handleClientError, refuseConnect } from './http/client-errors.ts';
import { useStrictJsonParser } from './http/json-parser.ts';
import { watchIdleBody } from './http/idle-body.ts';
import { closeConnectionsAsTheyIdle } from './http/prompt-close.ts';
import { requestIdOf } from './http/request-id.ts';
import { answerCachedPolls } from './http/cached-poll.ts';
import { RunStatusCache } from './http/run-status-cache.ts';
import { assertCleanValue } from './http/control-chars.ts';
import { canonicalizeIds } from './kernel/ids.ts';
import { SingleLineRequestLog } from './http/request-log.ts';
import { deferredChildLogger } from './http/request-logger.ts';
import { errors } from './kernel/errors.ts';
import { ErrorEnvelope } from './http/schemas/common.ts';
import { RunSchema, RunStatusSchema } from './http/schemas/runs.ts';
import { routeModules } from './http/routes/index.ts';
import { registerCabinet } from './cabinet/routes.ts';
import { measureStore, metricsTokenAccepted } from './http/metrics.ts';
import { METRICS_CONTENT_TYPE, reportChildren, scrapeMetrics } from './kernel/metrics.ts';
import { authenticateSession } from './cabinet/session-auth.ts';

export const API_PREFIX = '/api/v1';

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests per minute per key (http/rate-limit.ts); flush() shares this node's counts at once. */
    rateLimits: RateLimits;
    /** Serialized answers of GET /runs/{run_id} (run-status-cache.ts), shared by the route and the cached polling path. */
    runStatuses: RunStatusCache;
  }
}

export async function buildApp(input: AppInput): Promise<App> {
  const { config } = input;
  const deps: AppDeps = {
    ...input,
    bounds: input.bounds ?? workBounds(config),
    // at most one child per job the node's report, register and preview slots let run at once
    ...(input.children
      ? { buildChildren: keptReportChildren(input.children, config.reportBuildSlots + config.registerBuildSlots + config.archivePreviewSlots) }
      : {}),
  };
  const app = Fastify({
    loggerInstance: deps.log,
    // Every response carries the request id; a client-supplied X-Request-Id is kept when sane.
    genReqId: requestIdOf,
    requestIdHeader: false,
    logController: new SingleLineRequestLog(),
    childLoggerFactory: deferredChildLogger,
    bodyLimit: 1024 * 1024,
    // A path parameter longer than this is answered 414 in the envelope (frameworkErrors below).
    // compile: the route table becomes generated code once routes are registered (find-my-way's compiler
    // mode, same matching), a faster lookup for every request.
    routerOptions: { maxParamLength: 100, compile: true },
    frameworkErrors: (err, request, reply) => renderError(err, request, reply),
    clientErrorHandler: handleClientError,
    // Whole-request bound (head and body); a stalled body is cut much earlier by watchIdleBody.
    requestTimeout: deps.config.requestTimeoutMs,
    // Node would answer a Host-less HTTP/1.1 request with a bare 400; the hook below answers it in the envelope.
    http: { requireHostHeader: false },
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Hooks take Fastify's callback form where they finish synchronously: an async hook costs every request a
  // promise and a turn of the microtask queue, a measurable share of a cached poll.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    // Reports and JSON are served with their exact types; a browser must not guess another one.
    reply.header('X-Content-Type-Options', 'nosniff');
    // HTTP/1.1 requires Host; a target that is not a path (`GET *`) must not reach the routes, where it would
    // be taken for the site root and answered with the cabinet's page.
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) return done(errors.hostMissing());
    if (!request.url.startsWith('/')) return done(errors.requestTargetInvalid(request.method));
    done();
  });
  app.addHook('onRequest', watchIdleBody(deps.config.uploadIdleMs));
  app.addHook('preClose', closeConnectionsAsTheyIdle(app));
  // The key is checked before anything else about the request (auth.ts), then its requests per minute.
  // Without a key, the cabinet's session cookie may stand for it.
  const rateLimits = startRateLimits(deps.store, deps.config, deps.log, deps.clock);
  app.decorate('rateLimits', rateLimits);
  app.addHook('onClose', () => rateLimits.stop());
  const cachedKeys = await registerAuthentication(app, deps.store, {
    log: deps.log,
    keyless: (request) => authenticateSession(deps.store.db, request),
    admit: (auth) => rateLimits.admit(auth),
  });
  app.decorate('runStatuses', new RunStatusCache(deps.store.changes));
  useJsonEtags(app);
  useStrictJsonParser(app);
  // One rule for text everywhere (see control-chars.ts); multipart fields are checked while streaming.
  app.addHook('preValidation', (request, _reply, done) => {
    assertCleanValue('query', request.query);
    assertCleanValue('path', request.params);
    if (request.body !== undefined && !request.isMultipart()) assertCleanValue('body', request.body);
    canonicalizeIds(request.params);
    canonicalizeIds(request.query);
    canonicalizeIds(request.body);
    done();
  });

  await app.register(multipart, {
    // Per-organization limits are applied while streaming in the runs route; these are technical ceilings.
    limits: { fileSize: Number.MAX_SAFE_INTEGER, fieldSize: 4 * 1024 * 1024, fields: 64, files: 10_000, parts: 10_100, headerPairs: 200 },
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Document Review Service API',
        version: deps.config.apiVersion,
        description: 'Проверка комплектов проектной документации: загрузка комплекта, асинхронная проверка, замечания, вопросы и отчёты (Markdown, PDF, ZIP).',
      },
      servers: [{ url: API_PREFIX }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'API-ключ организации' } },
      },
      security: [{ bearer: [] }],
    },
    // Paths in the document are relative to the server url, as in the contract.
    transform: ({ schema, url, route }) => {
      const path = url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) || '/' : url;
      const multipartBody = route.config?.multipartBody;
      // Multipart bodies are validated while streaming; their schema is for the document only.
      const documented = multipartBody ? { ...schema, consumes: ['multipart/form-data'], body: multipartBody } : schema;
      return { schema: documented, url: path };
    },
  });
  for (const shared of [ErrorEnvelope, RunSchema, RunStatusSchema]) app.addSchema(shared);

  app.setErrorHandler((err, request, reply) => renderError(err, request, reply));
  app.setNotFoundHandler((request, reply) => renderError(errors.routeNotFound(request.method, request.url.split('?')[0]!), request, reply));

  // The organization's web interface at the site root; it calls the API below with a session cookie.
  await registerCabinet(app, deps, API_PREFIX);

  await app.register(
    async (api) => {
      for (const mod of routeModules) await api.register(mod(deps));
      api.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );
  // The node's metrics: read from the database on each scrape; on this port only behind METRICS_TOKEN
  // (METRICS_PORT serves them off it, src/http/metrics.ts).
  const unmeasure = [
    measureStore(deps.store, deps.clock),
    // the children of each kind of work on request, read from its slots (domain/work-bounds.ts)
    ...(['page_render', 'pdf_build', 'register_build', 'archive_preview'] as const).map((kind) => reportChildren(kind, () => deps.bounds.stats().kinds[kind])),
  ];
  app.addHook('onClose', async () => {
    for (const stop of unmeasure) stop();
    // after the routes' own close hooks, which wait for the builds they started
    await deps.buildChildren?.stop();
  });
  const metricsToken = deps.config.metricsToken;
  if (metricsToken !== null) {
    app.get('/metrics', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
      if (!metricsTokenAccepted(metricsToken, request.headers.authorization)) {
        reply.header('WWW-Authenticate', 'Bearer');
        throw errors.metricsTokenRejected();
      }
      return reply.type(METRICS_CONTENT_TYPE).send(await scrapeMetrics());
    });
  }
  app.server.on('connect', refuseConnect);
  answerCachedPolls(app, { prefix: API_PREFIX, keys: cachedKeys, rateLimits, statuses: app.runStatuses, log: app.log });
  return app;
}
