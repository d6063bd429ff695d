import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../domain/deps.ts';
import { authOf } from '../auth.ts';
import { errorResponses, RunIdParams } from '../schemas/common.ts';
import { FindingsNotModified, FindingsResultSchema } from '../schemas/findings.ts';
import { actorOf } from '../../domain/feedback/actor.ts';
import { decidedResult } from '../../domain/feedback/history.ts';
import { findingsBody } from '../presenters/feedback.ts';
import { uploadedAnswer, withAnswerReview } from '../../report/revision/answers.ts';

export function findingRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  const { db } = deps.store;
  return async (app) => {
    app.get(
      '/runs/:run_id/findings',
      {
        config: { etag: true },
        schema: {
          summary: 'Замечания и вопросы проверки',
          description:
            'Доступно после status=done; до публикации — 404 no_report. feedback — последнее решение каждого автора по каждому замечанию (версия для следующего решения — version собственного решения, own=true). Решения не меняют сами замечания.',
          params: RunIdParams,
          response: { 200: FindingsResultSchema, 304: FindingsNotModified, ...errorResponses(404) },
        },
      },
      async (request) => {
        const { tenant, key } = authOf(request);
        const { published, history, previousHistory, answers, previousAnswers, names } = await decidedResult(db, tenant.id, request.params.run_id);
        // the answer loop drawn from the previous round's answers as they stand (brought in before or after publication)
        const reviewed = { ...published, result: withAnswerReview(published.result, previousAnswers.map(uploadedAnswer)) };
        return findingsBody(reviewed, actorOf(key), history, previousHistory, answers, previousAnswers, names);
      },
    );
  };
}
