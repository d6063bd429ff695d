import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../domain/deps.ts';
import { authOf } from '../auth.ts';
import { errorResponses, Nullable, RunIdParams } from '../schemas/common.ts';
import { requireJsonBody } from './json-body.ts';
import { actorOf } from '../../domain/feedback/actor.ts';
import { recordDecision } from '../../domain/feedback/decide.ts';
import { DECISIONS, type DecisionValue } from '../../domain/feedback/decision-request.ts';
import { loadPublished } from '../../domain/feedback/published.ts';
import { decisionView } from '../../presenters/feedback.ts';
import { decisionHistory, sectionAssignments } from '../../store/repositories/feedback.ts';

const DecisionEnum = Type.Unsafe<DecisionValue>({
  type: 'string',
  enum: [...DECISIONS],
  description: 'accepted — принято, rejected — отклонено, withdrawn — решение отозвано',
});

export const DecisionSchema = Type.Object(
  {
    feedback_id: Type.String({ format: 'uuid', description: 'Идентификатор решения (для POST /memory)' }),
    run_id: Type.String({ format: 'uuid' }),
    snapshot: Type.String({ description: 'feedback_snapshot результата, к которому относится решение' }),
    finding_id: Type.String({ description: 'Замечание, по которому принято решение' }),
    actor: Type.String({ description: 'Автор решения (feedback_actor ключа интеграции)' }),
    own: Type.Boolean({ description: 'Решение принято текущим ключом (actor совпадает с feedback_actor)' }),
    decision: DecisionEnum,
    reason: Type.String({ description: 'Обоснование' }),
    reason_code: Nullable(Type.String({ description: 'Код причины (подключения с сотрудниками)' })),
    employee_id: Nullable(Type.String({ description: 'Сотрудник (подключения с сотрудниками)' })),
    version: Type.Integer({ description: 'Версия решения автора по замечанию: 1 — первое, +1 при каждом изменении' }),
    request_key: Type.String({ description: 'Метка отправки' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { description: 'Решение специалиста по замечанию' },
);

const DecisionBody = Type.Object({
  snapshot: Type.String({ minLength: 1, maxLength: 200, description: 'feedback_snapshot из /findings' }),
  finding_id: Type.String({ minLength: 1, maxLength: 200, description: 'finding_id из /findings' }),
  decision: DecisionEnum,
  reason: Type.String({ maxLength: 4000, description: 'Обоснование решения (до 4000 символов)' }),
  version: Type.Integer({
    minimum: 0,
    description: '0 — первое решение автора по замечанию; иначе последняя версия собственного решения (feedback в /findings или история)',
  }),
  request_key: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'Уникальная метка отправки в пределах организации: повтор с той же меткой и тем же содержанием не создаёт второго решения',
  }),
  reason_code: Type.Optional(Type.String({ maxLength: 100, description: 'Только в подключениях с сотрудниками (GET /features: employees=true)' })),
  employee_id: Type.Optional(Type.String({ maxLength: 200, description: 'Только в подключениях с сотрудниками; закрепляет раздел замечания за сотрудником' })),
});

export function feedbackRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  const { db } = deps.store;
  return async (app) => {
    app.post(
      '/runs/:run_id/feedback',
      {
        preValidation: requireJsonBody,
        schema: {
          summary: 'Записать или изменить решение по замечанию',
          description:
            'Замечание не меняется, новая проверка не запускается. 201 — решение сохранено; 200 и заголовок Idempotent-Replayed: true — повтор запроса с тем же request_key и тем же содержанием (возвращается прежнее решение). 409 version_conflict — версия устарела (в сообщении текущая); 409 idempotency_conflict — request_key уже использован для другого решения; 409 report_changed — snapshot не совпадает с текущим feedback_snapshot; 409 discipline_already_assigned — раздел замечания в этой проверке закреплён за другим сотрудником; 404 no_report — результат ещё не опубликован; 404 not_found — нет такой проверки или замечания; 422 — reason_code или employee_id без подключения с сотрудниками, неверные поля.',
          params: RunIdParams,
          body: DecisionBody,
          response: { 201: DecisionSchema, 200: DecisionSchema, ...errorResponses(404, 409, 415, 422) },
        },
      },
      async (request, reply) => {
        const { tenant, key } = authOf(request);
        const actor = actorOf(key);
        const outcome = await recordDecision(db, { tenantId: tenant.id, hasEmployees: tenant.has_employees === 1, actor }, request.params.run_id, request.body);
        if (outcome.replayed) reply.header('Idempotent-Replayed', 'true');
        return reply.status(outcome.replayed ? 200 : 201).send(decisionView(outcome.decision, actor));
      },
    );

    app.get(
      '/runs/:run_id/feedback',
      {
        schema: {
          summary: 'История решений по проверке',
          description:
            'Все решения всех авторов в порядке записи, отдельно от отчёта. assignments — закрепление разделов за сотрудниками (подключения с сотрудниками). До публикации результата — 404 no_report.',
          params: RunIdParams,
          response: {
            200: Type.Object({
              run_id: Type.String({ format: 'uuid' }),
              feedback_snapshot: Type.String(),
              feedback_actor: Type.String({ description: 'Автор решений от имени текущего ключа' }),
              history: Type.Array(DecisionSchema),
              assignments: Type.Array(
                Type.Object({
                  section: Type.String({ description: 'Код раздела' }),
                  employee_id: Type.String({ description: 'Сотрудник, за которым закреплён раздел' }),
                  assigned_at: Type.String({ format: 'date-time' }),
                }),
              ),
            }),
            ...errorResponses(404),
          },
        },
      },
      async (request) => {
        const { tenant, key } = authOf(request);
        const actor = actorOf(key);
        const published = await loadPublished(db, tenant.id, request.params.run_id);
        const [history, assignments] = await Promise.all([
          decisionHistory(db, tenant.id, published.run.id),
          sectionAssignments(db, tenant.id, published.run.id),
        ]);
        return {
          run_id: published.run.id,
          feedback_snapshot: published.snapshot,
          feedback_actor: actor,
          history: history.map((row) => decisionView(row, actor)),
          assignments,
        };
      },
    );
  };
}
