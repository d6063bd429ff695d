import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../domain/deps.ts';
import { docsetView } from '../presenters/meta.ts';
import { DocsetSchema, HealthSchema, ReadySchema, VersionSchema } from '../schemas/meta.ts';
import { notReadyError, readinessChecker } from '../metrics.ts';
/** Supported API versions; a version is supported at least 90 days after its sunset is announced. */
export const SUPPORTED_VERSIONS: Record<string, { sunset_at: string | null }> = { v1: { sunset_at: null } };

export function metaRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { auth: 'public' },
        schema: {
          summary: 'Состояние сервиса',
          description: 'Отвечает без ключа; ok = сервис отвечает.',
          security: [],
          response: { 200: HealthSchema },
        },
      },
      async () => ({ ok: true, api_version: deps.config.apiVersion }),
    );

    // Whether a load balancer should send this node traffic: an operator's endpoint, so not in openapi.json.
    let stopping = false;
    app.addHook('preClose', (done) => {
      stopping = true;
      done();
    });
    const readiness = readinessChecker({ store: deps.store, config: deps.config, stopping: () => stopping });
    app.get('/ready', { config: { auth: 'public' }, schema: { hide: true, response: { 200: ReadySchema } } }, async () => {
      const r = await readiness();
      if (!r.ready) throw notReadyError(r);
      return r;
    });

    app.get(
      '/version',
      {
        schema: {
          summary: 'Поддерживаемые версии API',
          description: 'supported.<версия>.sunset_at — дата окончания поддержки (null — не объявлена).',
          response: {
            200: VersionSchema,
          },
        },
      },
      async () => ({ current: deps.config.apiVersion, supported: SUPPORTED_VERSIONS }),
    );

    app.get(
      '/docset',
      {
        config: { auth: 'optional' },
        schema: {
          summary: 'Справочник разделов документации',
          description: 'Без ключа — общий справочник; с ключом — профиль разделов своей организации.',
          security: [{}, { bearer: [] }],
          response: {
            200: DocsetSchema,
          },
        },
      },
      async (request) => docsetView(request.auth?.tenant ?? null),
    );
  };
}
