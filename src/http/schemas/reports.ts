import { Type } from '@sinclair/typebox';
import { errorResponses } from './common.ts';

const SectionParam = Type.String({
  maxLength: 100,
  description: 'Код раздела из available_sections[].code (только PDF); кириллица передаётся в URL-кодировке',
});
const ThemeParam = Type.String({ maxLength: 100, description: 'Тематическая группа: engineering, norms, construction, unassigned (только PDF)' });

const binary = (type: string, description: string) => ({ description, content: { [type]: { schema: Type.String({ format: 'binary' }) } } });

/** Errors of the downloads that take section and theme filters. */
export const FILTER_ERRORS = errorResponses(400, 404, 409, 422, 503);

/** Query of GET /runs/{run_id}/report. */
export const ReportQuerystring = Type.Object({
  format: Type.Optional(
    Type.Union([Type.Literal('md'), Type.Literal('markdown'), Type.Literal('pdf')], { description: 'md или markdown (по умолчанию) либо pdf' }),
  ),
  section: Type.Optional(SectionParam),
  theme: Type.Optional(ThemeParam),
});

/** GET /runs/{run_id}/report: Markdown or PDF, as an attachment. */
export const ReportDownload = {
  description: 'Отчёт (вложение)',
  content: {
    'text/markdown': { schema: Type.String() },
    'application/pdf': { schema: Type.String({ format: 'binary' }) },
  },
};

/** Query of GET /runs/{run_id}/report.pdf. */
export const PdfQuerystring = Type.Object({ section: Type.Optional(SectionParam), theme: Type.Optional(ThemeParam) });

/** GET /runs/{run_id}/report.pdf. */
export const PdfDownload = binary('application/pdf', 'PDF-отчёт (вложение)');

/** GET /runs/{run_id}/report.zip. */
export const ZipDownload = binary('application/zip', 'ZIP-архив отчётов (вложение)');

/** Query of GET /runs/{run_id}/register.xlsx and register.docx: the report filters, and the rejected findings on request. */
export const RegisterQuerystring = Type.Object({
  section: Type.Optional(Type.String({ maxLength: 100, description: 'Код раздела из available_sections[].code; кириллица передаётся в URL-кодировке' })),
  theme: Type.Optional(Type.String({ maxLength: 100, description: 'Тематическая группа из available_themes: engineering, norms, construction, unassigned' })),
  include_rejected: Type.Optional(
    Type.Boolean({
      description:
        'Реестр для проектировщика: true — включить замечания, отклонённые специалистом (отмечены заливкой); по умолчанию они не входят. В реестре для специалиста они есть всегда',
    }),
  ),
  variant: Type.Optional(
    Type.Union([Type.Literal('designer'), Type.Literal('specialist')], {
      description: 'designer (по умолчанию) — для передачи проектировщику; specialist — со всеми столбцами, решениями и их авторами',
    }),
  ),
});

/** GET /runs/{run_id}/register.xlsx. */
export const XlsxDownload = binary('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Реестр замечаний XLSX (вложение)');

/** GET /runs/{run_id}/register.docx. */
export const DocxDownload = binary('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'Реестр замечаний DOCX (вложение)');
