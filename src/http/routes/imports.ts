import { scratchName } from '../../kernel/scratch.ts';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../domain/deps.ts';
import { authOf } from '../auth.ts';
import { errors } from '../../kernel/errors.ts';
import { receiveMultipart } from '../multipart-intake.ts';
import { tenantLimits } from '../../domain/accept-run.ts';
import { errorResponses } from '../schemas/common.ts';

/** Documentation of the multipart body (validated while streaming). */
export const PreviewUploadBody = Type.Object({
  file: Type.String({ format: 'binary', description: 'Архив ZIP, RAR или 7z (один файл)' }),
});

export const ArchivePreviewSchema = Type.Object(
  {
    documents: Type.Array(
      Type.Object({
        name: Type.String({ description: 'Точный путь документа внутри архива; это ключ в полях kinds и roles при загрузке' }),
        size: Type.Integer({ description: 'Размер в байтах' }),
        kind_guess: Type.Union([Type.String(), Type.Null()], { description: 'Предполагаемый раздел; null, если не определён' }),
      }),
      { description: 'Документы, которые будут приняты из архива, в порядке комплекта' },
    ),
    skipped: Type.Array(
      Type.Object({
        name: Type.String({ description: 'Путь файла в архиве' }),
        reason: Type.String({ description: 'Почему файл пропущен' }),
      }),
      { description: 'Файлы, пропущенные при распаковке' },
    ),
  },
  { description: 'Содержимое архива до загрузки' },
);

export function importRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/imports/preview',
      {
        config: { multipartBody: PreviewUploadBody },
        schema: {
          summary: 'Просмотреть содержимое архива',
          description:
            'multipart/form-data, один архив в поле file. Проверка не создаётся и не списывается. Действуют те же лимиты и защиты, что и при загрузке комплекта.',
          response: { 200: ArchivePreviewSchema, ...errorResponses(400, 413, 415, 422, 507) },
        },
      },
      async (request) => {
        const limits = tenantLimits(authOf(request).tenant);
        const scratch = join(deps.config.dataDir, 'tmp', 'preview', scratchName());
        try {
          const form = await receiveMultipart(request, join(scratch, 'received'), limits, 'file', {});
          const [upload, ...extra] = form.files;
          if (!upload) throw errors.noArchive();
          if (extra.length > 0) throw errors.oneArchiveOnly();
          // Loaded on first use, like the intake of POST /runs.
          const { previewArchive } = await import('../../ingest/index.ts');
          return await previewArchive(upload, join(scratch, 'unpacked'), limits);
        } finally {
          await rm(scratch, { recursive: true, force: true });
        }
      },
    );
  };
}
