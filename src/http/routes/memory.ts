import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../domain/deps.ts';
import { authOf } from '../auth.ts';
import { errorResponses } from '../schemas/common.ts';
import { NoteIdParams, NoteListQuery, NoteListSchema, NoteSchema, ProposeNoteBody, RevokeNoteBody } from '../schemas/memory.ts';
import { requireJsonBody } from './json-body.ts';
import { memoryNote, memoryNotes, NOTES_MAX, proposeNote, revokeMemoryNote } from '../../domain/feedback/memory.ts';
import { noteListView, noteView } from '../presenters/memory.ts';

export function memoryRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  const { db } = deps.store;
  return async (app) => {
    app.get(
      '/memory',
      {
        schema: {
          summary: 'Заметки памяти',
          description: `Новые первыми; фильтры bundle_id и status; limit от 1 до ${NOTES_MAX} (по умолчанию ${NOTES_MAX}). automatic_application всегда false: заметки не применяются к проверкам.`,
          querystring: NoteListQuery,
          response: {
            200: NoteListSchema,
            ...errorResponses(422),
          },
        },
      },
      async (request) => {
        const { tenant } = authOf(request);
        const { bundle_id, status, limit } = request.query;
        return noteListView(await memoryNotes(db, tenant.id, { bundleId: bundle_id, status }, limit));
      },
    );

    app.post(
      '/memory',
      {
        preValidation: requireJsonBody,
        schema: {
          summary: 'Предложить заметку памяти по решению',
          description:
            'feedback_id — решение из GET /runs/{run_id}/feedback по проверке, привязанной к пакету (иначе 422). text необязателен: без него текст составляется по решению. 201 — заметка создана со статусом candidate; 200 — повтор того же предложения, возвращается прежняя заметка; 409 memory_already_proposed — по решению уже предложена заметка с другим содержанием.',
          body: ProposeNoteBody,
          response: { 201: NoteSchema, 200: NoteSchema, ...errorResponses(404, 409, 415, 422) },
        },
      },
      async (request, reply) => {
        const { tenant } = authOf(request);
        const { note, created } = await proposeNote(db, tenant.id, request.body.feedback_id, request.body.text);
        return reply.status(created ? 201 : 200).send(noteView(note));
      },
    );

    app.get(
      '/memory/:note_id',
      {
        schema: { summary: 'Заметка памяти', params: NoteIdParams, response: { 200: NoteSchema, ...errorResponses(404) } },
      },
      async (request) => {
        const { tenant } = authOf(request);
        return noteView(await memoryNote(db, tenant.id, request.params.note_id));
      },
    );

    app.post(
      '/memory/:note_id/revoke',
      {
        preValidation: requireJsonBody,
        schema: {
          summary: 'Отозвать заметку памяти',
          description:
            'Тело {status: "revoked", version}: другой status — 422 (подтвердить заметку через API нельзя). Версия должна быть текущей, иначе 409 version_conflict; после отзыва версия +1. Повторный отзыв уже отозванной заметки с её текущей версией ничего не меняет.',
          params: NoteIdParams,
          body: RevokeNoteBody,
          response: { 200: NoteSchema, ...errorResponses(404, 409, 415, 422) },
        },
      },
      async (request) => {
        const { tenant } = authOf(request);
        return noteView(await revokeMemoryNote(db, tenant.id, request.params.note_id, request.body.status, request.body.version));
      },
    );
  };
}
