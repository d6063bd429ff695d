import { scratchName } from '../../kernel/scratch.ts';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../domain/deps.ts';
import { authOf } from '../auth.ts';
import { errors } from '../../kernel/errors.ts';
import { receiveMultipart } from '../multipart-intake.ts';
import { tenantLimits } from '../../domain/accept-run.ts';
import { errorResponses } from '../schemas/common.ts';
import { ArchivePreviewSchema, PreviewUploadBody } from '../schemas/imports.ts';

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
