import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../domain/deps.ts';
import { listRunDeliveries } from '../../notify/journal.ts';
import { deliveryListView } from '../presenters/webhooks.ts';
import { authOf } from '../auth.ts';
import { errors } from '../../kernel/errors.ts';
import { errorResponses } from '../schemas/common.ts';
import { DeliveryListQuery, DeliveryListSchema } from '../schemas/webhooks.ts';

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
          querystring: DeliveryListQuery,
          response: {
            200: DeliveryListSchema,
            ...errorResponses(404, 422),
          },
        },
      },
      async (request) => {
        const { tenant } = authOf(request);
        const deliveries = await listRunDeliveries(db, tenant.id, request.query.run_id);
        if (deliveries === null) throw errors.runNotFound();
        return deliveryListView(deliveries);
      },
    );
  };
}
