/** Argument parsing and the mapping of outcomes to exit codes. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DrsApiError, DrsNetworkError, DrsUsageError } from '../errors.ts';
import * as commands from './commands.ts';
import { makeContext, packageVersion, type Context, type Io } from './context.ts';
import { EXIT, UsageError } from './exit-codes.ts';
import { helpText } from './help.ts';
import { Interrupted } from './wait-progress.ts';

type Options = NonNullable<ParseArgsConfig['options']>;
type Command = (ctx: Context, values: commands.Values, positionals: string[]) => Promise<number>;

const GLOBAL: Options = {
  'key-file': { type: 'string' },
  'api-url': { type: 'string' },
  json: { type: 'boolean' },
  lang: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

const COMMANDS: Record<string, { options: Options; run: Command }> = {
  review: {
    options: {
      wait: { type: 'boolean' },
      out: { type: 'string' },
      address: { type: 'string' },
      task: { type: 'string' },
      kinds: { type: 'string' },
      roles: { type: 'string' },
      bundle: { type: 'string' },
      'idempotency-key': { type: 'string' },
      interval: { type: 'string' },
    },
    run: commands.review,
  },
  runs: { options: { limit: { type: 'string' } }, run: commands.runs },
  status: { options: { wait: { type: 'boolean' }, interval: { type: 'string' } }, run: commands.status },
  findings: { options: { format: { type: 'string' } }, run: commands.findings },
  report: { options: { format: { type: 'string' }, section: { type: 'string' }, theme: { type: 'string' }, out: { type: 'string' } }, run: commands.report },
  decide: { options: { reason: { type: 'string' } }, run: commands.decide },
  cancel: { options: {}, run: commands.cancel },
  'delete-documents': { options: {}, run: commands.deleteDocuments },
  limits: { options: {}, run: commands.limits },
  usage: { options: { days: { type: 'string' } }, run: commands.usage },
  'verify-webhook': { options: { 'secret-file': { type: 'string' }, signature: { type: 'string' } }, run: commands.verifyWebhookCommand },
};

export async function run(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  const err = (text: string) => void io.stderr.write(`${text}\n`);
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    io.stdout.write(helpText(langOf(rest), io.env));
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '--version' || name === 'version') {
    io.stdout.write(`drs-client ${packageVersion()}\n`);
    return EXIT.ok;
  }
  const command = COMMANDS[name];
  if (!command) {
    err(`Неизвестная команда: ${name}. Список команд: drs-client --help`);
    return EXIT.usage;
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: rest, options: { ...GLOBAL, ...command.options }, allowPositionals: true, strict: true });
  } catch (e) {
    err(`${(e as Error).message}\nСправка: drs-client --help`);
    return EXIT.usage;
  }
  const values = parsed.values as commands.Values;
  if (values.help) {
    io.stdout.write(helpText(typeof values.lang === 'string' ? values.lang : undefined, io.env));
    return EXIT.ok;
  }
  const ctx = makeContext(io, {
    ...(typeof values['key-file'] === 'string' ? { 'key-file': values['key-file'] } : {}),
    ...(typeof values['api-url'] === 'string' ? { 'api-url': values['api-url'] } : {}),
    json: values.json === true,
  });
  try {
    return await command.run(ctx, values, parsed.positionals);
  } catch (e) {
    return reportError(ctx, e);
  }
}

/** --lang X or --lang=X among arguments that are not otherwise parsed. */
function langOf(args: string[]): string | undefined {
  const at = args.indexOf('--lang');
  if (at >= 0) return args[at + 1];
  return args.find((a) => a.startsWith('--lang='))?.slice('--lang='.length);
}

function reportError(ctx: Context, e: unknown): number {
  if (e instanceof Interrupted) {
    ctx.note(e.message);
    return EXIT.interrupted;
  }
  if (e instanceof UsageError || e instanceof DrsUsageError) {
    ctx.note(e.message);
    return EXIT.usage;
  }
  const key = e instanceof DrsApiError || e instanceof DrsNetworkError ? e.idempotencyKey : undefined;
  const again = key ? `\nПовторите загрузку с тем же ключом, чтобы не создать вторую проверку: --idempotency-key ${key}` : '';
  if (e instanceof DrsApiError) {
    const file = e.file ? `; файл: ${e.file}` : '';
    const id = e.requestId ? `; X-Request-Id: ${e.requestId}` : '';
    ctx.note(`Ошибка API: HTTP ${e.status} ${e.code}: ${e.detail.message}${file}${id}${again}`);
    if (ctx.json) ctx.stdout.write(`${JSON.stringify({ status: e.status, detail: e.detail })}\n`);
    return EXIT.api;
  }
  if (e instanceof DrsNetworkError) {
    ctx.note(`Сетевая ошибка: ${e.message} (попыток: ${e.attempts})${again}`);
    return EXIT.network;
  }
  const local = e as NodeJS.ErrnoException;
  if (local?.code && local.syscall) {
    ctx.note(`Ошибка файла: ${local.message}`);
    return EXIT.usage;
  }
  ctx.note(`Внутренняя ошибка: ${(e as Error)?.stack ?? String(e)}`);
  return EXIT.internal;
}
