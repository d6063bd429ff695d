import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../domain/deps.ts';
import { authOf } from '../auth.ts';
import { errorResponses } from '../schemas/common.ts';
import { FeaturesSchema, KeySchema, LimitsSchema, MeSchema, SessionEntrySchema, SubscriptionSchema, UsageQuery, UsageSchema } from '../schemas/account.ts';
import { usageOverDays } from '../../domain/account.ts';
import { recordSessionEntry } from '../../domain/session-entry.ts';
import { featuresOf, keyView, limitsOf, meView, subscriptionView, usageView } from '../presenters/account.ts';

export function accountRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  const { db } = deps.store;
  return async (app) => {
    app.get(
      '/features',
      {
        schema: {
          summary: 'Возможности подключения',
          description: 'Дополнительные возможности, доступные организации. employees — работа с сотрудниками (reason_code, employee_id в решениях).',
          response: { 200: FeaturesSchema, ...errorResponses() },
        },
      },
      async (request) => ({ features: featuresOf(authOf(request).tenant) }),
    );

    app.get(
      '/me',
      {
        schema: {
          summary: 'Данные организации',
          description: 'Проверяет ключ; не запускает проверку и ничего не списывает.',
          response: {
            200: MeSchema,
            ...errorResponses(),
          },
        },
      },
      async (request) => meView(authOf(request).tenant),
    );

    app.get('/limits', { schema: { summary: 'Лимиты организации', response: { 200: LimitsSchema, ...errorResponses() } } }, async (request) =>
      limitsOf(authOf(request).tenant),
    );

    app.get(
      '/key',
      {
        schema: {
          summary: 'Данные ключа',
          description: 'Без секрета: идентификатор, префикс, даты, параллельность и адрес уведомлений.',
          response: {
            200: KeySchema,
            ...errorResponses(),
          },
        },
      },
      async (request) => {
        const { key, tenant } = authOf(request);
        return keyView(key, tenant);
      },
    );

    app.get(
      '/subscription',
      {
        schema: {
          summary: 'Состояние доступа',
          description: 'Даты доступа и остаток проверок; null — не определено.',
          response: {
            200: SubscriptionSchema,
            ...errorResponses(),
          },
        },
      },
      async (request) => subscriptionView(authOf(request).tenant),
    );

    app.get(
      '/usage',
      {
        schema: {
          summary: 'Расход проверок за период',
          description: 'days вне диапазона 1…365 заменяется ближайшей границей; по умолчанию 30. Банковских платежей нет.',
          querystring: UsageQuery,
          response: {
            200: UsageSchema,
            ...errorResponses(422),
          },
        },
      },
      async (request) => {
        const { tenant } = authOf(request);
        const days = Math.min(365, Math.max(1, request.query.days ?? 30));
        const { period, daily } = await usageOverDays(db, tenant.id, days);
        return usageView(period, daily, tenant.checksLeft);
      },
    );

    app.post(
      '/session/entry',
      {
        schema: {
          summary: 'Отметка входа через форму кабинета',
          description: 'Не для API-интеграций и не для каждого опроса: интеграции работают по ключу без сессий.',
          response: { 201: SessionEntrySchema, ...errorResponses() },
        },
      },
      async (request, reply) => {
        const { tenant, key } = authOf(request);
        return reply.status(201).send(await recordSessionEntry(db, tenant.id, key.id));
      },
    );
  };
}
