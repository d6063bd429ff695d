import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../domain/deps.ts';
import { listRunDeliveries } from '../../notify/journal.ts';
import { authOf } from '../auth.ts';
import { errors } from '../../kernel/errors.ts';
import { errorResponses, Nullable } from '../schemas/common.ts';

export const WebhookDeliverySchema = Type.Object(
  {
    delivery_id: Type.String({ description: 'Идентификатор доставки; передаётся в заголовке X-SVC-Delivery и не меняется между попытками' }),
    run_id: Type.String({ description: 'Идентификатор проверки' }),
    event: Type.Union([Type.Literal('run.finished'), Type.Literal('run.failed')], { description: 'Событие' }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('rejected'), Type.Literal('failed'), Type.Literal('denied')], {
      description:
        'pending — ожидает доставки; delivered — получен ответ 2xx; rejected — сервер получателя отказал (4xx, кроме 429, или перенаправление 3xx); failed — попытки исчерпаны; denied — адрес запрещён настройками',
    }),
    attempts: Type.Integer({ description: 'Сделано попыток' }),
    last_response_code: Nullable(Type.Integer({ description: 'HTTP-код последнего ответа; null — ответа не было' })),
    created_at: Type.String({ description: 'Когда событие поставлено в очередь (ISO 8601)' }),
    updated_at: Type.String({ description: 'Последнее изменение записи (ISO 8601)' }),
    delivered_at: Nullable(Type.String({ description: 'Когда получен ответ 2xx (ISO 8601)' })),
    next_attempt_at: Nullable(Type.String({ description: 'Время следующей попытки, пока статус pending (ISO 8601)' })),
  },
  { description: 'Запись журнала доставки уведомления' },
);

export function webhookRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  const { db } = deps.store;
  return async (app) => {
    app.get(
      '/webhooks/deliveries',
      {
        schema: {
          summary: 'Журнал доставки уведомлений по проверке',
          description:
            'Доставки уведомлений run.finished и run.failed по собственной проверке организации. Пустой список — уведомления не настроены или ещё не отправлялись. Чужая или неизвестная проверка — 404 not_found.',
          querystring: Type.Object({
            run_id: Type.String({ minLength: 1, maxLength: 100, description: 'Идентификатор проверки (UUID)' }),
          }),
          response: {
            200: Type.Object({ deliveries: Type.Array(WebhookDeliverySchema) }),
            ...errorResponses(404, 422),
          },
        },
      },
      async (request) => {
        const { tenant } = authOf(request);
        const deliveries = await listRunDeliveries(db, tenant.id, request.query.run_id);
        if (deliveries === null) throw errors.runNotFound();
        return { deliveries };
      },
    );
  };
}
