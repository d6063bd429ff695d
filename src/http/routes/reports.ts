import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../domain/deps.ts';
import { authOf } from '../auth.ts';
import { errors } from '../../kernel/errors.ts';
import { conditionalAnswer, weakBlobEtag } from '../conditional.ts';
import { errorResponses, RunIdParams } from '../schemas/common.ts';
import { FILTER_ERRORS, PdfDownload, PdfQuerystring, ReportDownload, ReportQuerystring, ZipDownload } from '../schemas/reports.ts';
import { BlobNotFoundError } from '../../blobs/blob-store.ts';
import { attachmentDisposition } from '../../report/disposition.ts';
import { parseReportQuery, storedReport, type ReportQuery, type ReportRequest } from '../../report/download.ts';
import { getRunOf, reportKeysOf } from '../../domain/runs.ts';
import type { PdfRebuilder } from '../../report/rebuild.ts';
import { isolatedPdfBuild } from '../../isolation/pdf-build.ts';

export function reportRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  const { db } = deps.store;
  const { blobs } = deps;
  // PDFs that failed at publication are rebuilt by the node a download reaches (one build per run at a time),
  // in a child process when the program runs as a service, so rendering never stalls other requests.
  // Loaded on the first PDF or ZIP download: the renderer (pdfkit, fonts) is not part of an idle API node.
  const build = deps.children ? isolatedPdfBuild(deps.children, deps.config.pdfBuildTimeoutMs) : undefined;
  let rebuilder: Promise<PdfRebuilder> | null = null;
  const pdfRebuilder = () =>
    (rebuilder ??= import('../../report/rebuild.ts').then(
      ({ PdfRebuilder }) => new PdfRebuilder({ db, blobs, log: deps.log, leaseMs: deps.config.leaseMs }, { build }),
    ));

  /** Streams the stored report a request names; the run must be this tenant's and published. */
  async function send(http: FastifyRequest, runId: string, tenantId: string, request: ReportRequest, reply: FastifyReply): Promise<FastifyReply> {
    const run = await getRunOf(db, tenantId, runId);
    let keys = await reportKeysOf(db, tenantId, run.id);
    if (!keys) throw errors.noReport();
    if (request.kind !== 'markdown') keys = await (await pdfRebuilder()).ensure(run.id, keys);
    const report = storedReport(keys, request, run.id);
    const missing = (e: unknown) => (e instanceof BlobNotFoundError && request.kind !== 'markdown' ? errors.pdfUnavailable() : e);
    const size = await blobs.size(report.key).catch((e: unknown) => Promise.reject(missing(e)));
    // The client's copy is current: 304 without opening the blob.
    if (conditionalAnswer(http, reply, weakBlobEtag(report.key, size))) return reply.send();
    const body = await blobs.openRead(report.key).catch((e: unknown) => Promise.reject(missing(e)));
    return reply
      .type(report.contentType)
      .header('Content-Length', String(size))
      .header('Content-Disposition', attachmentDisposition(report.fileName))
      .send(body);
  }

  return async (app) => {
    app.addHook('onClose', async () => {
      if (rebuilder) await (await rebuilder).idle();
    });

    app.get(
      '/runs/:run_id/report',
      {
        schema: {
          summary: 'Отчёт проверки: Markdown или PDF',
          description:
            'По умолчанию — сводный отчёт в Markdown (text/markdown; charset=utf-8); format=pdf — PDF. Фильтры section и theme (только один) применяются только к PDF: с Markdown — 400 section_pdf_only. Отчёты по разделам сохраняют номера замечаний сводного отчёта. До публикации — 404 no_report; PDF не сформирован при публикации — формируется заново при первом запросе; пока идёт сборка или после неудачной — 503 pdf_unavailable с Retry-After.',
          params: RunIdParams,
          querystring: ReportQuerystring,
          response: {
            200: ReportDownload,
            ...FILTER_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const { tenant } = authOf(request);
        const query: ReportQuery = request.query;
        return send(request, request.params.run_id, tenant.id, parseReportQuery(query, query.format === 'pdf'), reply);
      },
    );

    app.get(
      '/runs/:run_id/report.pdf',
      {
        schema: {
          summary: 'PDF-отчёт: сводный, по разделу или по тематической группе',
          description:
            'Без фильтра — сводный отчёт. section (код из available_sections) или theme — отчёт по разделу или группе с номерами замечаний сводного отчёта; оба сразу — 400 conflicting_filters; нет привязки — 409 section_unavailable или thematic_unavailable.',
          params: RunIdParams,
          querystring: PdfQuerystring,
          response: { 200: PdfDownload, ...FILTER_ERRORS },
        },
      },
      async (request, reply) => {
        const { tenant } = authOf(request);
        return send(request, request.params.run_id, tenant.id, parseReportQuery(request.query, true), reply);
      },
    );

    app.get(
      '/runs/:run_id/report.zip',
      {
        schema: {
          summary: 'ZIP со сводным PDF и PDF по разделам',
          description:
            'Архив: report.pdf и sections/<код>.pdf для каждого раздела из available_sections; без JSON и исходных документов. После публикации; сохраняется после удаления документов.',
          params: RunIdParams,
          response: { 200: ZipDownload, ...errorResponses(404, 503) },
        },
      },
      async (request, reply) => {
        const { tenant } = authOf(request);
        return send(request, request.params.run_id, tenant.id, { kind: 'zip' }, reply);
      },
    );
  };
}
