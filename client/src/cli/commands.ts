/** The commands of drs-client. Each returns its exit code; errors are mapped to codes in run.ts. */
import { mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DrsApiError } from '../errors.ts';
import type { DrsClient } from '../client.ts';
import type { DecisionValue, FindingsResult, RunStatus } from '../types.ts';
import { verifyWebhook } from '../webhook.ts';
import type { Context } from './context.ts';
import { EXIT, UsageError, type ExitCode } from './exit-codes.ts';
import { duration, findingsSummary, findingsTable, keyValues, percentOf, table } from './format.ts';
import { waitWithProgress } from './wait-progress.ts';

export type Values = Record<string, string | boolean | undefined>;

function str(values: Values, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}

function int(values: Values, name: string, min: number, max: number): number | undefined {
  const v = str(values, name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name}: целое число от ${min} до ${max}`);
  return n;
}

function one(positionals: string[], what: string): string {
  if (positionals.length !== 1) throw new UsageError(`Ожидается один аргумент: ${what}`);
  return positionals[0]!;
}

function print(ctx: Context, text: string): void {
  ctx.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

function printJson(ctx: Context, value: unknown): void {
  print(ctx, JSON.stringify(value, null, 2));
}

/** --kinds / --roles: a JSON object given inline or as a file name; values must be strings. */
async function jsonMap(values: Values, name: string): Promise<Record<string, string> | undefined> {
  const v = str(values, name);
  if (v === undefined) return undefined;
  const text = v.trim().startsWith('{')
    ? v
    : await readFile(v, 'utf8').catch(() => {
        throw new UsageError(`--${name}: не JSON-объект и не читаемый файл: ${v}`);
      });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError(`--${name}: неверный JSON`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || Object.values(parsed).some((x) => typeof x !== 'string')) {
    throw new UsageError(`--${name}: ожидается объект {"имя": "значение"} со строковыми значениями`);
  }
  return parsed as Record<string, string>;
}

const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(1)} МБ`;

function statusPairs(s: RunStatus): [string, unknown][] {
  const percent = percentOf(s);
  const pairs: [string, unknown][] = [
    ['run_id', s.run_id],
    ['status', s.status],
    ['этап', s.stage_text || s.stage],
    ['выполнено', percent === null ? null : `${Math.floor(percent)}%`],
    ['осталось', s.progress?.eta_s != null ? duration(s.progress.eta_s) : null],
    ['документов', s.documents.length],
    ['создана', s.created_at],
    ['завершена', s.finished_at],
  ];
  if (s.status === 'failed') {
    pairs.push(['ошибка', s.error ? `${s.error.message} (${s.error.code})` : null], ['проверка возвращена', s.refunded ? 'да' : 'нет']);
    if (s.cancelled) pairs.push(['отменена', 'да']);
  }
  return pairs;
}

/** Prints the end of a run and gives its exit code: 0 done, 1 failed. */
function finalCode(ctx: Context, s: RunStatus): ExitCode {
  if (s.status === 'done') return EXIT.ok;
  ctx.note(
    `Проверка ${s.run_id} завершилась неудачей: ${s.error?.message ?? 'причина не указана'}; проверка ${s.refunded ? 'возвращена' : 'не возвращена'} на счёт`,
  );
  return EXIT.runFailed;
}

/** Saves the published result into a folder; the code is 3 when one of the reports could not be fetched. */
async function saveReports(ctx: Context, client: DrsClient, runId: string, dir: string, findings: FindingsResult): Promise<ExitCode> {
  await mkdir(dir, { recursive: true });
  const { writeFile } = await import('node:fs/promises');
  await writeFile(join(dir, 'findings.json'), `${JSON.stringify(findings, null, 2)}\n`);
  const saved: [string, number][] = [['findings.json', (await stat(join(dir, 'findings.json'))).size]];
  let code: ExitCode = EXIT.ok;
  for (const [file, format] of [
    ['report.md', 'md'],
    ['report.pdf', 'pdf'],
    ['report.zip', 'zip'],
  ] as const) {
    try {
      const r = await client.downloadReport(runId, join(dir, file), { format });
      saved.push([file, r.bytes]);
    } catch (e) {
      if (!(e instanceof DrsApiError)) throw e;
      ctx.note(
        `Не удалось сохранить ${file}: ${e.detail.message} (HTTP ${e.status} ${e.code}); повторите: drs-client report ${runId} --format ${format} --out ${join(dir, file)}`,
      );
      code = EXIT.api;
    }
  }
  ctx.note(`Сохранено в ${dir}: ${saved.map(([f, n]) => `${f} (${n} байт)`).join(', ')}`);
  return code;
}

async function showResult(ctx: Context, client: DrsClient, status: RunStatus, out: string | undefined): Promise<ExitCode> {
  const code = finalCode(ctx, status);
  if (code !== EXIT.ok) {
    if (ctx.json) printJson(ctx, status);
    return code;
  }
  const findings = await client.findings(status.run_id);
  if (ctx.json) printJson(ctx, { status, findings });
  else print(ctx, `\n${findings.findings.length ? findingsTable(findings.findings) : 'Замечаний нет.'}\n\n${findingsSummary(findings)}`);
  return out ? saveReports(ctx, client, status.run_id, out, findings) : EXIT.ok;
}

export async function review(ctx: Context, values: Values, paths: string[]): Promise<ExitCode> {
  if (paths.length === 0) throw new UsageError('Укажите файлы или папки комплекта: drs-client review ПУТЬ…');
  const out = str(values, 'out');
  const wait = values.wait === true || out !== undefined;
  const interval = int(values, 'interval', 2, 3600);
  const task = str(values, 'task');
  const userRequest =
    task === undefined
      ? undefined
      : await readFile(task, 'utf8').catch(() => {
          throw new UsageError(`--task: файл не читается: ${task}`);
        });
  const kinds = await jsonMap(values, 'kinds');
  const roles = (await jsonMap(values, 'roles')) as Record<string, 'context' | 'review'> | undefined;
  if (roles && Object.values(roles).some((r) => r !== 'context' && r !== 'review')) throw new UsageError('--roles: значения только context или review');
  const client = await ctx.client();

  const tty = !!ctx.stderr.isTTY;
  let lastDraw = 0;
  const run = await client.createRun({
    files: paths,
    ...(str(values, 'address') !== undefined ? { objectAddress: str(values, 'address')! } : {}),
    ...(userRequest !== undefined ? { userRequest } : {}),
    ...(kinds ? { kinds } : {}),
    ...(roles ? { roles } : {}),
    ...(str(values, 'bundle') !== undefined ? { bundleId: str(values, 'bundle')! } : {}),
    ...(str(values, 'idempotency-key') !== undefined ? { idempotencyKey: str(values, 'idempotency-key')! } : {}),
    onUploadProgress: (sent, total) => {
      if (!tty || Date.now() - lastDraw < 200) return;
      lastDraw = Date.now();
      ctx.stderr.write(`\r\x1b[2KЗагрузка: ${megabytes(sent)}${total ? ` из ${megabytes(total)}` : ''}`);
    },
  });
  if (tty && lastDraw) ctx.stderr.write('\r\x1b[2K');

  if (ctx.json && !wait) printJson(ctx, run);
  if (!ctx.json) {
    print(ctx, `Проверка принята: ${run.run_id} (${run.status}); осталось проверок: ${run.checks_left}`);
    print(
      ctx,
      table(
        ['#', 'Документ', 'Раздел', 'Стр.'],
        run.documents.map((d) => [d.index, d.name, d.kind ?? d.kind_guess, d.pages]),
      ),
    );
    if (run.skipped.length) print(ctx, `Пропущено при распаковке: ${run.skipped.length}`);
  }
  if (!wait) return EXIT.ok;
  const status = await waitWithProgress(ctx, client, run.run_id, interval === undefined ? undefined : interval * 1000);
  return showResult(ctx, client, status, out);
}

export async function runs(ctx: Context, values: Values): Promise<ExitCode> {
  const list = await (await ctx.client()).listRuns({ ...(int(values, 'limit', 1, 200) !== undefined ? { limit: int(values, 'limit', 1, 200)! } : {}) });
  if (ctx.json) printJson(ctx, list);
  else
    print(
      ctx,
      table(
        ['run_id', 'status', 'создана', 'док.', 'этап'],
        list.runs.map((r) => [r.run_id, r.status, r.created_at, r.documents.length, r.stage_text]),
      ),
    );
  return EXIT.ok;
}

export async function status(ctx: Context, values: Values, positionals: string[]): Promise<ExitCode> {
  const runId = one(positionals, 'RUN');
  const client = await ctx.client();
  if (values.wait === true) {
    const final = await waitWithProgress(
      ctx,
      client,
      runId,
      int(values, 'interval', 2, 3600) === undefined ? undefined : int(values, 'interval', 2, 3600)! * 1000,
    );
    if (ctx.json) printJson(ctx, final);
    else print(ctx, keyValues(statusPairs(final)));
    return final.status === 'done' ? EXIT.ok : EXIT.runFailed;
  }
  const s = await client.getRun(runId);
  if (ctx.json) printJson(ctx, s);
  else print(ctx, keyValues(statusPairs(s)));
  return EXIT.ok;
}

export async function findings(ctx: Context, values: Values, positionals: string[]): Promise<ExitCode> {
  const runId = one(positionals, 'RUN');
  const format = str(values, 'format') ?? (ctx.json ? 'json' : 'table');
  if (!['table', 'json', 'md'].includes(format)) throw new UsageError('--format: table, json или md');
  const client = await ctx.client();
  if (format === 'md') {
    print(ctx, await client.reportMarkdown(runId));
    return EXIT.ok;
  }
  const result = await client.findings(runId);
  if (format === 'json') printJson(ctx, result);
  else print(ctx, `${result.findings.length ? findingsTable(result.findings) : 'Замечаний нет.'}\n\n${findingsSummary(result)}`);
  return EXIT.ok;
}

export async function report(ctx: Context, values: Values, positionals: string[]): Promise<ExitCode> {
  const runId = one(positionals, 'RUN');
  const format = str(values, 'format') ?? 'md';
  if (format !== 'md' && format !== 'pdf' && format !== 'zip') throw new UsageError('--format: md, pdf или zip');
  const section = str(values, 'section');
  const theme = str(values, 'theme');
  if (section !== undefined && theme !== undefined) throw new UsageError('Укажите только один фильтр: --section или --theme');
  if ((section !== undefined || theme !== undefined) && format !== 'pdf') throw new UsageError('--section и --theme применяются только к --format pdf');
  const out = str(values, 'out');
  const client = await ctx.client();
  if (out === undefined) {
    if (format !== 'md') throw new UsageError(`Для --format ${format} укажите файл: --out ФАЙЛ`);
    print(ctx, await client.reportMarkdown(runId));
    return EXIT.ok;
  }
  const r = await client.downloadReport(runId, out, { format, ...(section !== undefined ? { section } : {}), ...(theme !== undefined ? { theme } : {}) });
  if (ctx.json) printJson(ctx, r);
  else ctx.note(`Сохранено: ${r.path} (${r.bytes} байт, ${r.contentType})`);
  return EXIT.ok;
}

const DECISIONS = ['accepted', 'rejected', 'withdrawn'];

export async function decide(ctx: Context, values: Values, positionals: string[]): Promise<ExitCode> {
  if (positionals.length !== 3) throw new UsageError('Использование: drs-client decide RUN ЗАМЕЧАНИЕ accepted|rejected|withdrawn --reason ТЕКСТ');
  const [runId, finding, decision] = positionals as [string, string, string];
  if (!DECISIONS.includes(decision)) throw new UsageError(`Решение: ${DECISIONS.join(', ')}`);
  const client = await ctx.client();
  let findingId = finding;
  if (/^\d+$/.test(finding)) {
    // A number is the n of the report, convenient for people; the decision itself is keyed by finding_id.
    const found = (await client.findings(runId)).findings.find((f) => f.n === Number(finding));
    if (!found) throw new UsageError(`В отчёте нет замечания № ${finding}`);
    findingId = found.finding_id;
  }
  const d = await client.decide(runId, findingId, decision as DecisionValue, { reason: str(values, 'reason') ?? '', retryOnConflict: true });
  if (ctx.json) printJson(ctx, d);
  else print(ctx, `Решение записано: ${d.decision}, версия ${d.version} (finding_id ${d.finding_id}, feedback_id ${d.feedback_id})`);
  return EXIT.ok;
}

export async function cancel(ctx: Context, _values: Values, positionals: string[]): Promise<ExitCode> {
  const s = await (await ctx.client()).cancelRun(one(positionals, 'RUN'));
  if (ctx.json) printJson(ctx, s);
  else print(ctx, keyValues(statusPairs(s)));
  return EXIT.ok;
}

export async function deleteDocuments(ctx: Context, _values: Values, positionals: string[]): Promise<ExitCode> {
  const r = await (await ctx.client()).deleteDocuments(one(positionals, 'RUN'));
  if (ctx.json) printJson(ctx, r);
  else print(ctx, `Документы проверки ${r.run_id} удалены (${r.deleted_at})`);
  return EXIT.ok;
}

export async function limits(ctx: Context): Promise<ExitCode> {
  const l = await (await ctx.client()).limits();
  const bytes = (n: number) => (n === 0 ? 'без ограничения' : `${n} (${megabytes(n)})`);
  const count = (n: number) => (n === 0 ? 'без ограничения' : n);
  if (ctx.json) printJson(ctx, l);
  else
    print(
      ctx,
      keyValues([
        ['max_files', count(l.max_files)],
        ['max_file_bytes', bytes(l.max_file_bytes)],
        ['max_total_bytes', bytes(l.max_total_bytes)],
        ['max_pages', count(l.max_pages)],
        ['oversize_factor', l.oversize_factor],
      ]),
    );
  return EXIT.ok;
}

export async function usage(ctx: Context, values: Values): Promise<ExitCode> {
  const days = int(values, 'days', 1, 365);
  const u = await (await ctx.client()).usage(days === undefined ? {} : { days });
  if (ctx.json) printJson(ctx, u);
  else {
    print(
      ctx,
      keyValues([
        ['период', `${u.from} — ${u.to} (${u.days} дн.)`],
        ['списано', u.charged],
        ['возвращено', u.refunded],
        ['итого', u.net],
        ['осталось проверок', u.checks_left],
      ]),
    );
    const active = u.daily.filter((d) => d.charged || d.refunded);
    if (active.length)
      print(
        ctx,
        `\n${table(
          ['дата', 'списано', 'возвращено'],
          active.map((d) => [d.date, d.charged, d.refunded]),
        )}`,
      );
  }
  return EXIT.ok;
}

export async function verifyWebhookCommand(ctx: Context, values: Values): Promise<ExitCode> {
  const secretFile = str(values, 'secret-file');
  if (!secretFile) throw new UsageError('Укажите файл секрета подписи: --secret-file ФАЙЛ');
  const secret = (
    await readFile(secretFile, 'utf8').catch(() => {
      throw new UsageError(`Не удалось прочитать файл секрета: ${secretFile}`);
    })
  ).replace(/\r?\n$/, '');
  const chunks: Buffer[] = [];
  for await (const c of ctx.stdin) chunks.push(typeof c === 'string' ? Buffer.from(c) : c);
  const ok = verifyWebhook(Buffer.concat(chunks), str(values, 'signature'), secret);
  if (ctx.json) printJson(ctx, { valid: ok });
  else print(ctx, ok ? 'Подпись верна' : 'Подпись не совпадает с телом');
  return ok ? EXIT.ok : EXIT.badSignature;
}
