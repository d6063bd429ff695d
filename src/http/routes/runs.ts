import { scratchName } from '../../kernel/scratch.ts';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../domain/deps.ts';
import { authOf, type AuthContext } from '../auth.ts';
import { errors } from '../../kernel/errors.ts';
import { receiveMultipart } from '../multipart-intake.ts';
import { acceptRun, tenantLimits, type AcceptedRun } from '../../domain/accept-run.ts';
import { RUN_FIELD_LIMITS } from '../text-limits.ts';
import { cancelQueuedRun, deleteRunDocuments } from '../../domain/run-lifecycle.ts';
import { documentsDeletedView, runBody, runListView, statusBody } from '../presenters/runs.ts';
import { documentsOfRun, getRunOf, listRunsWithDocuments } from '../../domain/runs.ts';
import { currentChecksLeft } from '../../domain/account.ts';
import { errorResponses, RunIdParams } from '../schemas/common.ts';
import { DocumentsDeletedSchema } from '../schemas/documents.ts';
import { IdempotencyKeyHeaders, RunListQuery, RunListSchema, RunRef, RunStatusNotModified, RunStatusRef, RunUploadBody } from '../schemas/runs.ts';
import { UUID_RE } from '../../kernel/ids.ts';
import { cachedStatus, statusHeaders, type RunStatusCache, type CachedStatus } from '../run-status-cache.ts';
import { matchesIfNoneMatch } from '../conditional.ts';
import type { RegisterReader } from '../../domain/feedback/revision-answers.ts';
import { SHEET_NAME } from '../../report/register/rows.ts';

const IDEMPOTENCY_KEY_RE = /^[\x21-\x7e]{1,255}$/;

/** The designer's filled register among the files of a next revision; the workbook reader is loaded when a file may be one. */
const registerReader: RegisterReader = {
  sheet: SHEET_NAME,
  read: async (body, file) => (await import('../../report/register/answers.ts')).recogniseRegister(body, file),
};

export function runRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  const { db } = deps.store;
  const checksLeftOf = (tenantId: string) => currentChecksLeft(db, tenantId);
  // The node's upload bound, shared with POST /imports/preview (domain/work-bounds.ts).
  const { intake } = deps.bounds;

  /** The app's (app.ts), taken when the routes are registered. */
  let statusCache: RunStatusCache;

  /** Reads and serializes a run's status, and keeps it while it stays current (run-status-cache.ts). */
  async function readStatus(tenant: AuthContext['tenant'], runId: string, generation: number, reply: FastifyReply): Promise<CachedStatus> {
    const found = UUID_RE.test(runId) ? await deps.store.runReads.runWithDocuments(tenant.id, runId) : undefined;
    if (!found) throw errors.runNotFound();
    const { run, documents } = found;
    // checks_left as authentication found the organization, current at the same generation.
    const body = reply.serialize(statusBody(run, documents, tenant.checksLeft)) as string;
    const status = cachedStatus(tenant.id, body, run.status === 'queued' || run.status === 'running');
    statusCache.put(runId, status, generation);
    return status;
  }

  function sendStatus(request: FastifyRequest, reply: FastifyReply, status: CachedStatus): void {
    reply.headers(statusHeaders(status));
    if (matchesIfNoneMatch(request, status.etag)) reply.code(304).send();
    else reply.type('application/json; charset=utf-8').send(status.body);
  }

  return async (app) => {
    statusCache = app.runStatuses;
    app.post(
      '/runs',
      {
        config: { multipartBody: RunUploadBody },
        schema: {
          summary: 'Загрузить комплект на проверку',
          description:
            'multipart/form-data. Архивы распаковываются при приёме. Списывается одна проверка. Среди файлов новой редакции (с bundle_id) может быть реестр замечаний для проектировщика прошлого тура с заполненными столбцами ответов (XLSX, GET /runs/{run_id}/register.xlsx): он узнаётся по содержимому (скрытый столбец сервиса), а не по имени, в documents не входит и проверкой не считается, а указан в skipped; его ответы привязываются к замечаниям прошлого тура — последней опубликованной проверки пакета — так же, как в POST /runs/{run_id}/register-answers, и предложения «снято / не снято» новой проверки строятся по ним. Реестр другой проверки, другого пакета или более раннего тура, реестр для специалиста, формулы, изменённые столбцы или порядок строк, реестр без bundle_id, два реестра — 422 validation_error с причиной и именем файла; реестр без документов — 400 bad_format; проверка не создаётся, проверка не списывается, ответы не меняются. Заголовок Idempotency-Key (необязателен): тот же ключ и тот же запрос — 200 с прежней проверкой и заголовком Idempotent-Replayed: true; иначе 409 idempotency_conflict; первая отправка ещё обрабатывается — 409 idempotency_pending с Retry-After.',
          headers: IdempotencyKeyHeaders,
          response: {
            201: RunRef,
            200: RunRef,
            ...errorResponses(400, 402, 409, 413, 415, 422, 507),
          },
        },
      },
      async (request, reply) => {
        const auth = authOf(request);
        const rawKey = request.headers['idempotency-key'];
        const idempotencyKey = typeof rawKey === 'string' && rawKey !== '' ? rawKey : null;
        if (idempotencyKey && !IDEMPOTENCY_KEY_RE.test(idempotencyKey)) {
          throw errors.badIdempotencyKey();
        }
        if (auth.tenant.checksLeft < 1 && !idempotencyKey) throw errors.noChecksLeft();
        // Waited for and refused before the body is read: a set over the bound costs this node nothing.
        const release = await intake.take(auth.tenant.id);
        if (!release) throw errors.intakeBusy(intake.perOrganization);
        const scratch = join(deps.config.dataDir, 'tmp', 'intake', scratchName());
        let accepted: AcceptedRun;
        try {
          const form = await receiveMultipart(request, join(scratch, 'received'), tenantLimits(auth.tenant), 'files', RUN_FIELD_LIMITS);
          accepted = await acceptRun(deps, auth, form, idempotencyKey, scratch, registerReader);
        } finally {
          release();
          await rm(scratch, { recursive: true, force: true });
        }
        if (accepted.replayed) reply.header('Idempotent-Replayed', 'true');
        return reply.status(accepted.replayed ? 200 : 201).send(runBody(accepted.run, accepted.documents, accepted.checksLeft));
      },
    );

    app.get(
      '/runs',
      {
        schema: {
          summary: 'Последние проверки',
          description: 'Новые первыми. limit от 1 до 200 (вне диапазона — ближайшая граница), по умолчанию 20.',
          querystring: RunListQuery,
          response: {
            200: RunListSchema,
            ...errorResponses(422),
          },
        },
      },
      async (request) => {
        const { tenant } = authOf(request);
        const limit = Math.min(200, Math.max(1, request.query.limit ?? 20));
        const { runs, documents } = await listRunsWithDocuments(db, tenant.id, limit);
        return runListView(runs, documents, tenant.checksLeft, limit);
      },
    );

    app.get(
      '/runs/:run_id',
      {
        schema: {
          summary: 'Состояние проверки',
          description:
            'Опрашивать не чаще раза в 2 секунды (рекомендуется раз в 5 секунд). Пока проверка в очереди или выполняется, ответ несёт Retry-After: 5. ETag и If-None-Match: неизменившееся состояние — 304 без тела.',
          params: RunIdParams,
          response: { 200: RunStatusRef, 304: RunStatusNotModified, ...errorResponses(404) },
        },
      },
      // Not async: a cached answer is sent without a promise (the polling path).
      (request, reply) => {
        const { tenant, generation } = authOf(request);
        const runId = request.params.run_id;
        const cached = statusCache.get(tenant.id, runId, generation);
        if (cached) {
          sendStatus(request, reply, cached);
          return undefined;
        }
        return readStatus(tenant, runId, generation, reply).then((status) => sendStatus(request, reply, status));
      },
    );

    app.post(
      '/runs/:run_id/cancel',
      {
        schema: {
          summary: 'Отменить проверку в очереди',
          description:
            'Только для status=queued: проверка переходит в failed (cancelled=true), списанная проверка возвращается. Начатая или завершённая — 409 review_already_started.',
          params: RunIdParams,
          response: { 200: RunStatusRef, ...errorResponses(404, 409) },
        },
      },
      async (request) => {
        const { tenant } = authOf(request);
        const run = await getRunOf(db, tenant.id, request.params.run_id);
        const cancelled = await cancelQueuedRun(deps, run);
        const [docs, checksLeft] = await Promise.all([documentsOfRun(db, run.id), checksLeftOf(tenant.id)]);
        return statusBody(cancelled, docs, checksLeft);
      },
    );

    app.delete(
      '/runs/:run_id/documents',
      {
        schema: {
          summary: 'Удалить исходные документы проверки',
          description:
            'Удаляет исходные и производные файлы; опубликованный отчёт и история остаются. Повтор безопасен. Только после done или failed, иначе 409 run_not_finished.',
          params: RunIdParams,
          response: {
            200: DocumentsDeletedSchema,
            ...errorResponses(404, 409),
          },
        },
      },
      async (request) => {
        const { tenant } = authOf(request);
        const run = await getRunOf(db, tenant.id, request.params.run_id);
        if (run.status !== 'done' && run.status !== 'failed') {
          throw errors.runNotFinished();
        }
        const deletedAt = await deleteRunDocuments(deps, run);
        return documentsDeletedView(run, deletedAt);
      },
    );
  };
}
