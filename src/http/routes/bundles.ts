import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../domain/deps.ts';
import { authOf } from '../auth.ts';
import { errorResponses } from '../schemas/common.ts';
import { BundleIdParams, BundleListQuery, BundleListSchema, BundleSchema, NewBundleBody, RenameBundleBody } from '../schemas/bundles.ts';
import { requireJsonBody } from './json-body.ts';
import { BUNDLES_MAX, bundleOfTenant, bundlesOfTenant, createBundle, relabelBundle } from '../../domain/feedback/bundles.ts';
import { bundleListView, bundleView } from '../presenters/bundles.ts';

export function bundleRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  const { db } = deps.store;
  return async (app) => {
    app.post(
      '/bundles',
      {
        preValidation: requireJsonBody,
        schema: {
          summary: 'Создать пакет',
          description: 'Тело JSON, Content-Type: application/json (иначе 415). Проверку не запускает. bundle_id нужно сохранить.',
          body: NewBundleBody,
          response: { 201: BundleSchema, ...errorResponses(415, 422) },
        },
      },
      async (request, reply) => {
        const { tenant } = authOf(request);
        const bundle = await createBundle(db, tenant.id, request.body.label);
        return reply.status(201).send(bundleView(bundle));
      },
    );

    app.get(
      '/bundles',
      {
        schema: {
          summary: 'Пакеты организации',
          description: `Не более ${BUNDLES_MAX} пакетов, новые первыми. limit от 1 до ${BUNDLES_MAX} (вне диапазона — ближайшая граница), по умолчанию ${BUNDLES_MAX}.`,
          querystring: BundleListQuery,
          response: { 200: BundleListSchema, ...errorResponses(422) },
        },
      },
      async (request) => {
        const { tenant } = authOf(request);
        return bundleListView(await bundlesOfTenant(db, tenant.id, request.query.limit));
      },
    );

    app.get(
      '/bundles/:bundle_id',
      {
        schema: {
          summary: 'Пакет',
          description: 'Текущая запись пакета (например, после 409 version_conflict при переименовании).',
          params: BundleIdParams,
          response: { 200: BundleSchema, ...errorResponses(404) },
        },
      },
      async (request) => {
        const { tenant } = authOf(request);
        return bundleView(await bundleOfTenant(db, tenant.id, request.params.bundle_id));
      },
    );

    app.post(
      '/bundles/:bundle_id/label',
      {
        preValidation: requireJsonBody,
        schema: {
          summary: 'Переименовать пакет',
          description:
            'Тело JSON {label, version}: новое название и текущая версия пакета (из GET /bundles). Версия растёт на 1. Устаревшая версия — 409 version_conflict: получите запись заново. Ранее созданные проверки сохраняют прежнее название.',
          params: BundleIdParams,
          body: RenameBundleBody,
          response: { 200: BundleSchema, ...errorResponses(404, 409, 415, 422) },
        },
      },
      async (request) => {
        const { tenant } = authOf(request);
        return bundleView(await relabelBundle(db, tenant.id, request.params.bundle_id, request.body.label, request.body.version));
      },
    );
  };
}
