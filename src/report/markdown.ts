/** The report as Markdown (GitHub-flavoured tables), the same structure as the PDF. */
import type { PublishedResult } from '../kernel/result.ts';
import { FINDING_FORMS, plural, VOLUME_FORMS } from './labels.ts';
import type { ReportFilter, ReportMeta } from './types.ts';
import { buildView, CONTENT_HEADER, CONTENT_MAP_TITLE, type ReportView } from './view.ts';

/**
 * Escapes characters that Markdown would read as markup inside running text; line breaks become LF and
 * other control characters spaces, so no value can end a table row or a heading early.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, ' ')
    .replace(/[\\`*_[\]<>|#]/g, (c) => `\\${c}`);
}

/** A heading is one line whatever its source text holds. */
function heading(text: string): string {
  return escapeMarkdown(text).replace(/\s*\n\s*/g, ' ');
}

/** Running text: markup escaped, line breaks kept as hard breaks inside the list item. */
function inline(text: string): string {
  return escapeMarkdown(text.trim()).replace(/\r?\n/g, '  \n  ');
}

function cell(text: string): string {
  return escapeMarkdown(text.trim()).replace(/\r?\n/g, '<br>');
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [`| ${header.map(cell).join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)];
}

function contents(view: ReportView): string[] {
  const lines = view.sections.map((s) => `- ${heading(s.title)} — ${s.findings.length} ${plural(s.findings.length, FINDING_FORMS)}`);
  if (!view.sections.length) lines.push('- Замечаний нет');
  if (view.questions.length) lines.push(`- Вопросы — ${view.questions.length}`);
  if (view.warnings.length) lines.push(`- Предупреждения — ${view.warnings.length}`);
  if (view.referenceProblems.length) lines.push(`- Проблемы ссылок — ${view.referenceProblems.length}`);
  if (view.contentMap.length) lines.push(`- ${CONTENT_MAP_TITLE} — ${view.contentMap.length} ${plural(view.contentMap.length, VOLUME_FORMS)}`);
  return lines;
}

export function renderMarkdownView(view: ReportView): string {
  const out: string[] = [`# ${heading(view.title)}`, '', `**${heading(view.subtitle)}**`, ''];
  out.push(...table(['Сведения', 'Значение'], view.facts), '');
  out.push('## Сводка', '', ...view.summary.map((s) => `- ${inline(s)}`), '');
  out.push('## Состав комплекта', '');
  out.push(
    ...(view.documents.length
      ? table(
          view.documentHeader,
          view.documents.map((d) => d.cells),
        )
      : ['Документы не указаны.']),
    '',
  );
  out.push('## Содержание', '', ...contents(view), '');
  out.push('## Замечания', '');
  if (!view.sections.length) out.push('Замечаний нет.', '');
  for (const section of view.sections) {
    out.push(`### ${heading(section.title)} (${section.findings.length})`, '');
    for (const f of section.findings) {
      out.push(`#### ${heading(f.heading)}`, '', ...f.fields.map(([label, value]) => `- **${label}:** ${inline(value)}`), '');
    }
  }
  if (view.questions.length) {
    out.push('## Вопросы', '');
    for (const q of view.questions) out.push(`### ${heading(q.heading)}`, '', ...q.fields.map(([l, v]) => `- **${l}:** ${inline(v)}`), '');
  }
  if (view.warnings.length) out.push('## Предупреждения', '', ...view.warnings.map((w) => `- ${inline(w)}`), '');
  if (view.referenceProblems.length) out.push('## Проблемы ссылок', '', ...view.referenceProblems.map((r) => `- ${inline(r)}`), '');
  if (view.contentMap.length) {
    out.push(`## ${CONTENT_MAP_TITLE}`, '');
    for (const v of view.contentMap) {
      out.push(`### ${heading(v.title)}`, '', ...v.facts.map((f) => `- ${inline(f)}`), '');
      if (v.rows.length) out.push(...table(CONTENT_HEADER, v.rows), '');
      if (v.notApplicable) out.push(inline(v.notApplicable), '');
    }
  }
  return out.join('\n');
}

/** Markdown of the overall report, or of one section or theme when a filter is given. */
export function renderMarkdown(result: PublishedResult, meta: ReportMeta, filter?: ReportFilter): string {
  return renderMarkdownView(buildView(result, meta, filter));
}
