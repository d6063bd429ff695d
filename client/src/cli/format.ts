/** Plain-text rendering for the terminal: tables, durations, the progress line. */
import type { Finding, FindingsResult, RunStatus } from '../types.ts';

/** Columns padded to the widest cell; long cells are cut to `max` characters. */
export function table(headers: string[], rows: (string | number | null | undefined)[][], max = 70): string {
  const cells = [headers, ...rows.map((r) => r.map((c) => cut(c === null || c === undefined ? '—' : String(c), max)))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => [...(r[i] ?? '')].length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c + ' '.repeat(widths[i]! - [...c].length))
      .join('  ')
      .trimEnd();
  return [line(cells[0]!), widths.map((w) => '─'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}

export function keyValues(pairs: [string, unknown][]): string {
  const width = Math.max(...pairs.map(([k]) => [...k].length));
  return pairs
    .map(([k, v]) => `${k}${' '.repeat(width - [...k].length)}  ${v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join('\n');
}

export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, Math.round(seconds));
  const m = Math.floor(s / 60);
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}` : `${m}:${String(s % 60).padStart(2, '0')}`;
}

export function percentOf(status: RunStatus): number | null {
  const p = status.progress?.percent;
  return typeof p === 'number' && Number.isFinite(p) ? Math.max(0, Math.min(100, p)) : null;
}

/** One line for a TTY: bar, percent, stage, ETA. */
export function progressBar(status: RunStatus, width = 24): string {
  const percent = percentOf(status);
  const filled = percent === null ? 0 : Math.round((percent / 100) * width);
  const bar = `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}]`;
  const eta = status.progress?.eta_s;
  return `${bar} ${percent === null ? '  …' : `${String(Math.floor(percent)).padStart(3)}%`}  ${status.stage_text || status.status}${eta !== null && eta !== undefined ? `  осталось ≈ ${duration(eta)}` : ''}`;
}

/** One line for logs (not a TTY): time, status, percent, stage, ETA. */
export function progressLine(status: RunStatus): string {
  const percent = percentOf(status);
  const eta = status.progress?.eta_s;
  return `${new Date().toISOString().slice(11, 19)} ${status.status} ${percent === null ? '—' : `${Math.floor(percent)}%`} ${status.stage_text || status.stage}${eta !== null && eta !== undefined ? ` (осталось ≈ ${duration(eta)})` : ''}`;
}

export function findingsTable(findings: Finding[]): string {
  return table(
    ['№', 'Значимость', 'Раздел', 'Стр.', 'Суть'],
    findings.map((f) => [f.n, f.importance, f.section, f.pages.slice(0, 4).join(', ') + (f.pages.length > 4 ? '…' : ''), f.essence]),
  );
}

export function findingsSummary(result: FindingsResult): string {
  const { total, ...byLevel } = result.counts;
  const levels = Object.entries(byLevel)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
  const lines = [`Замечаний: ${total}${levels ? ` (${levels})` : ''}; вопросов: ${result.questions?.length ?? 0}`];
  if (result.warnings.length) lines.push(`Ограничения проверки: ${result.warnings.length}`);
  if (result.reference_problems.length) lines.push(`Ошибки ссылок: ${result.reference_problems.length}`);
  if (!result.parsed) lines.push('Отчёт не разобран на поля: смотрите report.md');
  return lines.join('\n');
}
