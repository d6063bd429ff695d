import { Type } from '@sinclair/typebox';
import { Nullable } from './common.ts';

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

/** Query of GET /webhooks/deliveries. */
export const DeliveryListQuery = Type.Object({
  run_id: Type.String({ minLength: 1, maxLength: 100, description: 'Идентификатор проверки (UUID)' }),
});

/** GET /webhooks/deliveries. */
export const DeliveryListSchema = Type.Object({ deliveries: Type.Array(WebhookDeliverySchema) });
