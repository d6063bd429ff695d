import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../domain/deps.ts';
import { authOf } from '../auth.ts';
import { errors, isAppError } from '../../kernel/errors.ts';
import { conditionalAnswer, weakBlobEtag } from '../conditional.ts';
import { errorResponses, RunIdParams } from '../schemas/common.ts';
import {
  DocxDownload,
  FILTER_ERRORS,
  PdfDownload,
  PdfQuerystring,
  RegisterQuerystring,
  ReportDownload,
  ReportQuerystring,
  XlsxDownload,
  ZipDownload,
} from '../schemas/reports.ts';
import { decidedRegister, type RegisterFormat, type RegisterQuery } from '../../report/register/index.ts';
import { currentDecisions, decisionsVersion } from '../../domain/feedback/history.ts';
import { BlobNotFoundError } from '../../blobs/blob-store.ts';
import { attachmentDisposition } from '../../report/disposition.ts';
import { downloadBase, parseReportQuery, storedReport, type ReportQuery, type ReportRequest } from '../../report/download.ts';
import { getRunOf, publishedObjectTitles, reportKeysOf } from '../../domain/runs.ts';
import type { PdfRebuilder } from '../../report/rebuild.ts';
import { isolatedDecidedPdfBuild, isolatedPdfBuild } from '../../isolation/pdf-build.ts';
import { asPublished, DecidedReports, decidedMarkdown, decidedPrefix, decidedState, type DecidedState } from '../../report/decided.ts';
import { uploadedAnswer } from '../../report/revision/answers.ts';
import type { ReportKeys } from '../../report/types.ts';
import type { Organization } from '../../kernel/model/organization.ts';
import { loadPublished } from '../../domain/feedback/published.ts';
import { isolatedRegisterBuild, type RegisterBuild } from '../../isolation/register-build.ts';
import type { AdmitBuild } from '../../report/admit.ts';
import { registerInput } from '../../domain/feedback/register-input.ts';
import { getTenant } from '../../store/repositories/tenants.ts';
import { answersOf, recordAnswers, REGISTER_MAX_BYTES } from '../../domain/feedback/answers.ts';
import type { Decision } from '../../kernel/model/feedback.ts';
import type { PublishedResult } from '../../kernel/result.ts';
import { actorOf } from '../../domain/feedback/actor.ts';
import { tenantLimits } from '../../domain/accept-run.ts';
import { scratchName } from '../../kernel/scratch.ts';
import { receiveMultipart } from '../multipart-intake.ts';
import { RegisterAnswersBody, RegisterAnswersSchema } from '../schemas/feedback.ts';
import { answersUploadView } from '../presenters/feedback.ts';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

export function reportRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  const { db } = deps.store;
  const { blobs, bounds } = deps;
  const limits = { memoryMb: deps.config.runMemoryMb, timeoutMs: deps.config.pdfBuildTimeoutMs };
  // Builds on download — PDFs that failed at publication, PDFs without rejected findings, registers of remarks — run
  // in the API's kept report children when the program runs as a service (isolation/report-children.ts, built by the
  // app and shared with archive previews), so rendering never stalls other requests and no file pays for starting the
  // program; the node's report and register slots (domain/work-bounds.ts) bound them per organization and per node.
  const children = deps.buildChildren;
  const build = children ? isolatedPdfBuild(children, limits) : undefined;
  // without children (tests, the in-process mode) the register is drawn here, the same way
  const buildRegisterFile: RegisterBuild = children
    ? isolatedRegisterBuild(children, limits)
    : async ({ tenantId, keyId, runId, format, query }) => {
        const tenant = await getTenant(db, tenantId);
        if (!tenant) throw errors.runNotFound();
        return decidedRegister(format, query, await registerInput(db, deps.store.dialect, tenant, keyId, runId));
      };
  const admit: AdmitBuild = (organizationId, key, work) => bounds.reports.run(organizationId, key, work);
  // Loaded on the first PDF or ZIP download: the renderer (pdfkit, fonts) is not part of an idle API node.
  let rebuilder: Promise<PdfRebuilder> | null = null;
  const pdfRebuilder = () =>
    (rebuilder ??= import('../../report/rebuild.ts').then(
      ({ PdfRebuilder }) => new PdfRebuilder({ db, blobs, log: deps.log, leaseMs: deps.config.leaseMs }, { build, admit }),
    ));

  // Reports without the findings a specialist rejected: PDFs built once per set of rejected findings, in a child as above.
  const decidedBuild = children ? isolatedDecidedPdfBuild(children, limits) : undefined;
  const decided = new DecidedReports(db, blobs, decidedBuild, admit);

  /** «24-017 2026-11-26»: what the run's downloads are named by (report/download.ts downloadBase). */
  async function baseNameOf(run: { id: string; objectAddress: string | null; finishedAt: string | null }, timeZone: string): Promise<string> {
    const titles = await publishedObjectTitles(db, deps.store.dialect, [run.id]);
    return downloadBase(titles.get(run.id), run.objectAddress, run.finishedAt, run.id, timeZone);
  }

  /**
   * The state of a run's reports after its decisions (report/decided.ts), with the published result it was drawn
   * from; null when the reports stored at publication stand (no finding rejected, no proposal decided).
   */
  async function reportState(tenantId: string, runId: string, decisions: Decision[]): Promise<{ state: DecidedState; result: PublishedResult } | null> {
    if (!decisions.length) return null;
    const { result } = await loadPublished(db, tenantId, runId);
    const previousRunId = result.revision?.previous_run_id;
    const previousAnswers = previousRunId ? await answersOf(db, tenantId, previousRunId) : [];
    const state = decidedState(result, decisions, previousAnswers.map(uploadedAnswer));
    return asPublished(state) ? null : { state, result };
  }

  /** The PDFs and ZIP as the decisions stand; 503 pdf_unavailable when they cannot be built now. */
  async function decidedKeys(
    tenantId: string,
    runId: string,
    reportMdKey: string,
    afterDecisions: { state: DecidedState; result: PublishedResult },
  ): Promise<ReportKeys> {
    try {
      return { reportMdKey, ...(await decided.ensure(runId, afterDecisions.result, afterDecisions.state, tenantId)) };
    } catch (err) {
      // refused by the node's bound: the refusal is the answer (429 / 503 with Retry-After)
      if (isAppError(err)) throw err;
      deps.log.warn({ err, run_id: runId }, 'PDF reports after decisions not built');
      throw errors.pdfUnavailable();
    }
  }

  /**
   * Streams the report a request names; the run must be this tenant's and published. While no finding is rejected
   * and no proposal of the answer loop decided, that is the report stored at publication; otherwise one drawn as the
   * decisions stand (report/decided.ts).
   */
  async function send(http: FastifyRequest, runId: string, tenant: Organization, request: ReportRequest, reply: FastifyReply): Promise<FastifyReply> {
    const tenantId = tenant.id;
    const run = await getRunOf(db, tenantId, runId);
    let keys = await reportKeysOf(db, tenantId, run.id);
    if (!keys) throw errors.noReport();
    const [decisions, base] = await Promise.all([currentDecisions(db, tenantId, run.id), baseNameOf(run, tenant.timeZone)]);
    const afterDecisions = await reportState(tenantId, run.id, decisions);
    if (afterDecisions && request.kind === 'markdown') {
      const body = Buffer.from(await decidedMarkdown(db, run.id, afterDecisions.state));
      if (conditionalAnswer(http, reply, weakBlobEtag(`${decidedPrefix(run.id, afterDecisions.state)}/report.md`, body.length))) return reply.send();
      return reply
        .type('text/markdown; charset=utf-8')
        .header('Content-Length', String(body.length))
        .header('Content-Disposition', attachmentDisposition(`Замечания ${base}.md`))
        .send(body);
    }
    if (afterDecisions) keys = await decidedKeys(tenantId, run.id, keys.reportMdKey, afterDecisions);
    else if (request.kind !== 'markdown') keys = await (await pdfRebuilder()).ensure(run.id, keys, tenantId);
    const report = storedReport(keys, request, `Замечания ${base}`);
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

  /**
   * The register of remarks with the decisions as they stand now; the run must be this tenant's and published.
   * Admitted by the node's register slots before anything is loaded — a refused request has read a run and its
   * decisions, not the published result — and joined with every request for the same file while it is built: the
   * same organization, key, run, format, variant, filter and decisions of the run, so twenty downloads of one register
   * build it once. The result is loaded and the rows chosen in the slot; only their writing goes to a report child.
   */
  async function sendRegister(
    format: RegisterFormat,
    runId: string,
    auth: { tenant: Organization; key: { id: string } },
    query: RegisterQuery,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    const { tenant } = auth;
    const run = await getRunOf(db, tenant.id, runId);
    const version = await decisionsVersion(db, tenant.id, run.id);
    const key = `register/${tenant.id}/${auth.key.id}/${run.id}/${format}/${JSON.stringify(query)}/${version}`;
    // a run not published has no register: said before a slot is taken (publication writes the result with «done»)
    if (run.status !== 'done') throw errors.noReport();
    const file = await bounds.registers.run(tenant.id, key, () => buildRegisterFile({ tenantId: tenant.id, keyId: auth.key.id, runId: run.id, format, query }));
    return reply
      .type(file.contentType)
      .header('Content-Length', String(file.body.length))
      .header('Content-Disposition', attachmentDisposition(file.fileName))
      .send(file.body);
  }

  const registerDescription = (format: string) =>
    `Реестр замечаний (${format}) тура экспертизы, готовый к передаче. variant=designer (по умолчанию) — для проектировщика: шапка (объект, адрес, стадия, заказчик, проектная и экспертная организации, дело — название пакета, тур, дата), сквозная нумерация, том и лист в обозначениях проектировщика, замечание, норма с пунктом и короткой цитатой из тома, столбцы «Ответ проектировщика», «Лист с исправлением», «Снято / не снято»; внутренних столбцов (важность, решения и их обоснования, авторы) нет; в XLSX — скрытый столбец с идентификатором замечания (по нему принимаются ответы). variant=specialist — для специалиста: всё, с решениями и их авторами по именам ключей организации (drs key label), перенесёнными решениями и решениями прошлого тура. Под таблицей — сравнение с прошлым туром (тома исправленные, без изменений, добавленные, не представленные повторно; снятые замечания и замечания по томам, не представленным повторно) и строка подписи эксперта. Собирается по запросу из опубликованного результата и текущих решений. Замечания, отклонённые специалистом (и оставшиеся замечания, отклонённые в прошлом туре и не решённые в этом), в реестр для проектировщика не входят; include_rejected=true — входят и отмечены. Фильтры section и theme — как у отчётов (оба сразу — 400 conflicting_filters; нет привязки — 409). До публикации — 404 no_report; чужая или несуществующая проверка — 404 not_found.`;

  return async (app) => {
    app.get(
      '/runs/:run_id/register.xlsx',
      {
        schema: {
          summary: 'Реестр замечаний в XLSX',
          description: registerDescription('XLSX: закреплённая строка заголовков, автофильтр, печать A4 альбомная'),
          params: RunIdParams,
          querystring: RegisterQuerystring,
          response: { 200: XlsxDownload, ...errorResponses(400, 404, 409, 422) },
        },
      },
      async (request, reply) => sendRegister('xlsx', request.params.run_id, authOf(request), request.query, reply),
    );

    app.get(
      '/runs/:run_id/register.docx',
      {
        schema: {
          summary: 'Реестр замечаний в DOCX',
          description: registerDescription('DOCX: таблица на листах A4 альбомной ориентации, строка заголовков повторяется на каждой странице'),
          params: RunIdParams,
          querystring: RegisterQuerystring,
          response: { 200: DocxDownload, ...errorResponses(400, 404, 409, 422) },
        },
      },
      async (request, reply) => sendRegister('docx', request.params.run_id, authOf(request), request.query, reply),
    );

    app.post(
      '/runs/:run_id/register-answers',
      {
        config: { multipartBody: RegisterAnswersBody },
        schema: {
          summary: 'Принять ответы проектировщика из заполненного реестра',
          description:
            'multipart/form-data, один файл в поле file: реестр замечаний для проектировщика (XLSX, GET /runs/{run_id}/register.xlsx) этой проверки с заполненными столбцами «Ответ проектировщика», «Лист с исправлением», «Снято / не снято». Каждый ответ привязывается к замечанию по номеру строки и идентификатору замечания из скрытого столбца; ответы этой проверки заменяются целиком. Ответы видны в /findings (designer_answers), в кабинете и в следующих реестрах (и реестрах следующего тура — у оставшихся замечаний). Реестр другой проверки, реестр для специалиста, формулы, изменённые столбцы или порядок строк, чужие идентификаторы — 422 validation_error с причиной и именем файла, ничего не меняется. Реестр можно передать и вместе с новой редакцией — среди файлов POST /runs в тот же пакет. До публикации — 404 no_report.',
          params: RunIdParams,
          response: { 200: RegisterAnswersSchema, ...errorResponses(400, 404, 413, 415, 422) },
        },
      },
      async (request) => {
        const { tenant, key } = authOf(request);
        // the run first: another organization's or an unpublished run is refused before the body is read
        await loadPublished(db, tenant.id, request.params.run_id);
        const scratch = join(deps.config.dataDir, 'tmp', 'answers', scratchName());
        try {
          const limits = {
            ...tenantLimits(tenant),
            maxFiles: 1,
            maxTotalBytes: Math.min(tenant.limits.maxFileBytes || REGISTER_MAX_BYTES, REGISTER_MAX_BYTES),
          };
          const form = await receiveMultipart(request, scratch, limits, 'file', {});
          const [upload, ...extra] = form.files;
          if (!upload) throw errors.noRegisterFile();
          if (extra.length) throw errors.oneRegisterOnly();
          const body = await readFile(upload.path);
          const { readRegisterAnswers } = await import('../../report/register/answers.ts');
          const read = await readRegisterAnswers(body, upload.name);
          return answersUploadView(await recordAnswers(db, { tenantId: tenant.id, actor: actorOf(key) }, request.params.run_id, read, upload.name));
        } finally {
          await rm(scratch, { recursive: true, force: true });
        }
      },
    );

    app.addHook('onClose', async () => {
      if (rebuilder) await (await rebuilder).idle();
      await decided.idle();
    });

    app.get(
      '/runs/:run_id/report',
      {
        schema: {
          summary: 'Отчёт проверки: Markdown или PDF',
          description:
            'По умолчанию — сводный отчёт в Markdown (text/markdown; charset=utf-8); format=pdf — PDF. Фильтры section и theme (только один) применяются только к PDF: с Markdown — 400 section_pdf_only. Отчёты по разделам сохраняют номера замечаний сводного отчёта. Замечания, отклонённые специалистом (действующее решение rejected), в отчёты не входят, их номера названы в сводке; номера остальных сохраняются. До публикации — 404 no_report; PDF не сформирован при публикации — формируется заново при первом запросе; пока идёт сборка или после неудачной — 503 pdf_unavailable с Retry-After.',
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
        return send(request, request.params.run_id, tenant, parseReportQuery(query, query.format === 'pdf'), reply);
      },
    );

    app.get(
      '/runs/:run_id/report.pdf',
      {
        schema: {
          summary: 'PDF-отчёт: сводный, по разделу или по тематической группе',
          description:
            'Без фильтра — сводный отчёт. section (код из available_sections) или theme — отчёт по разделу или группе с номерами замечаний сводного отчёта; оба сразу — 400 conflicting_filters; нет привязки — 409 section_unavailable или thematic_unavailable. Замечания, отклонённые специалистом, не входят (номера названы в сводке).',
          params: RunIdParams,
          querystring: PdfQuerystring,
          response: { 200: PdfDownload, ...FILTER_ERRORS },
        },
      },
      async (request, reply) => {
        const { tenant } = authOf(request);
        return send(request, request.params.run_id, tenant, parseReportQuery(request.query, true), reply);
      },
    );

    app.get(
      '/runs/:run_id/report.zip',
      {
        schema: {
          summary: 'ZIP со сводным PDF и PDF по разделам',
          description:
            'Архив: report.pdf и sections/<код>.pdf для каждого раздела из available_sections; без JSON и исходных документов; без замечаний, отклонённых специалистом. После публикации; сохраняется после удаления документов.',
          params: RunIdParams,
          response: { 200: ZipDownload, ...errorResponses(404, 503) },
        },
      },
      async (request, reply) => {
        const { tenant } = authOf(request);
        return send(request, request.params.run_id, tenant, { kind: 'zip' }, reply);
      },
    );
  };
}
