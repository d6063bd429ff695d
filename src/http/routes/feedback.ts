import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../domain/deps.ts';
import { authOf } from '../auth.ts';
import { errorResponses, RunIdParams } from '../schemas/common.ts';
import { CarryOverBody, CarryOverSchema, DecisionBody, DecisionSchema, FeedbackHistorySchema } from '../schemas/feedback.ts';
import { requireJsonBody } from './json-body.ts';
import { actorOf } from '../../domain/feedback/actor.ts';
import { recordDecision } from '../../domain/feedback/decide.ts';
import { feedbackHistory } from '../../domain/feedback/history.ts';
import { carryOverDecisions } from '../../domain/feedback/carry-over.ts';
import { carryOverView, decisionView, feedbackHistoryView } from '../presenters/feedback.ts';

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
        const outcome = await recordDecision(db, { tenantId: tenant.id, hasEmployees: tenant.hasEmployees, actor }, request.params.run_id, request.body);
        if (outcome.replayed) reply.header('Idempotent-Replayed', 'true');
        return reply.status(outcome.replayed ? 200 : 201).send(decisionView(outcome.decision, actor));
      },
    );

    app.post(
      '/runs/:run_id/feedback/carry-over',
      {
        preValidation: requireJsonBody,
        schema: {
          summary: 'Перенести решения прошлого тура на оставшиеся замечания',
          description:
            'Для проверки комплекта (bundle), сравнённой с предыдущей: действующее решение прошлого тура (accepted или rejected, с его обоснованием) по каждому оставшемуся замечанию (revision.status=persisting) записывается как новое решение текущего автора — version 1, carried_from = feedback_id прежнего решения; все решения — в одной транзакции. Замечание, по которому в этом туре уже есть решение, не меняется; замечание без решения в прошлом туре (или с отозванным) остаётся без решения — оба в skipped. 201 — решения сохранены; 200 — переносить нечего или повтор запроса с тем же request_key (заголовок Idempotent-Replayed: true, возвращаются перенесённые тогда решения). 409 report_changed — snapshot не текущий; 409 idempotency_conflict — request_key уже использован для другого запроса; 409 version_conflict — одновременно принято решение по одному из замечаний (ничего не сохранено); 409 discipline_already_assigned — раздел закреплён за другим сотрудником (ничего не сохранено); 404 no_report / not_found; 422 — неверные поля.',
          params: RunIdParams,
          body: CarryOverBody,
          response: { 201: CarryOverSchema, 200: CarryOverSchema, ...errorResponses(404, 409, 415, 422) },
        },
      },
      async (request, reply) => {
        const { tenant, key } = authOf(request);
        const actor = actorOf(key);
        const outcome = await carryOverDecisions(db, { tenantId: tenant.id, hasEmployees: tenant.hasEmployees, actor }, request.params.run_id, request.body);
        if (outcome.replayed) reply.header('Idempotent-Replayed', 'true');
        return reply.status(outcome.carried.length && !outcome.replayed ? 201 : 200).send(carryOverView(outcome, actor));
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
            200: FeedbackHistorySchema,
            ...errorResponses(404),
          },
        },
      },
      async (request) => {
        const { tenant, key } = authOf(request);
        const actor = actorOf(key);
        const { published, history, assignments, names } = await feedbackHistory(db, tenant.id, request.params.run_id);
        return feedbackHistoryView(published, actor, history, assignments, names);
      },
    );
  };
}
