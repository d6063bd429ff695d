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
import { isolatedArchivePreview, type PreviewArchive } from '../../isolation/archive-preview.ts';
import { DEFAULT_OPTIONS } from '../../ingest/budget.ts';

/** A preview's whole time in its child: as long as intake gives one archive (ingest/budget.ts), whatever it nests. */
const PREVIEW_TIMEOUT_MS = DEFAULT_OPTIONS.archiveTimeoutMs;

export function importRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  const { intake, previews } = deps.bounds;
  // In a kept child when the program runs as a service, so unpacking never stalls other requests; in process otherwise.
  const preview: PreviewArchive = deps.buildChildren
    ? isolatedArchivePreview(deps.buildChildren, { memoryMb: deps.config.runMemoryMb, timeoutMs: PREVIEW_TIMEOUT_MS })
    : async (...args) => (await import('../../ingest/index.ts')).previewArchive(...args);
  return async (app) => {
    app.post(
      '/imports/preview',
      {
        config: { multipartBody: PreviewUploadBody },
        schema: {
          summary: 'Просмотреть содержимое архива',
          description:
            'multipart/form-data, один архив в поле file. Проверка не создаётся и не списывается. Действуют те же лимиты и защиты, что и при загрузке комплекта, и тот же счёт одновременных загрузок организации (сверх него — 429 too_many_requests с Retry-After); когда узел занят распаковкой архивов — 503 backend_unavailable с Retry-After.',
          response: { 200: ArchivePreviewSchema, ...errorResponses(400, 413, 415, 422, 429, 503, 507) },
        },
      },
      async (request) => {
        const { tenant } = authOf(request);
        const limits = tenantLimits(tenant);
        // Counted against the organization's upload bound like POST /runs, waited for and refused before the body is
        // read: a preview unpacks the same archives, under the same limits of size, depth and time (ingest/budget.ts).
        const release = await intake.take(tenant.id);
        if (!release) throw errors.intakeBusy(intake.perOrganization);
        const scratch = join(deps.config.dataDir, 'tmp', 'preview', scratchName());
        try {
          const form = await receiveMultipart(request, join(scratch, 'received'), limits, 'file', {});
          const [upload, ...extra] = form.files;
          if (!upload) throw errors.noArchive();
          if (extra.length > 0) throw errors.oneArchiveOnly();
          // The unpacking in one of the node's preview slots: a preview is never joined (each upload is its own).
          return await previews.run(tenant.id, `preview/${scratch}`, () => preview(upload, join(scratch, 'unpacked'), limits));
        } finally {
          release();
          await rm(scratch, { recursive: true, force: true });
        }
      },
    );
  };
}
