/** Waiting for a run at the terminal: a live line on a TTY, plain lines in logs, Ctrl-C stops waiting only. */
import type { DrsClient } from '../client.ts';
import type { RunStatus } from '../types.ts';
import type { Context } from './context.ts';
import { percentOf, progressBar, progressLine } from './format.ts';

export class Interrupted extends Error {
  override name = 'Interrupted';
  constructor(readonly runId: string) {
    super(`Ожидание прервано; проверка ${runId} продолжается. Продолжить: drs-client status ${runId} --wait`);
  }
}

export async function waitWithProgress(ctx: Context, client: DrsClient, runId: string, intervalMs?: number): Promise<RunStatus> {
  const tty = !!ctx.stderr.isTTY;
  const controller = new AbortController();
  const onSigint = () => controller.abort(new Interrupted(runId));
  process.once('SIGINT', onSigint);
  let lastKey = '';
  let drawn = false;
  const clear = () => {
    if (drawn) ctx.stderr.write('\r\x1b[2K');
    drawn = false;
  };
  try {
    return await client.waitForRun(runId, {
      ...(intervalMs !== undefined ? { intervalMs } : {}),
      signal: controller.signal,
      onProgress: (s) => {
        if (tty) {
          ctx.stderr.write(`\r\x1b[2K${progressBar(s)}`);
          drawn = true;
          return;
        }
        // In logs a line per change of state, stage or tenth of the way, not one per poll.
        const percent = percentOf(s);
        const key = `${s.status}|${s.stage}|${percent === null ? '' : Math.floor(percent / 10)}`;
        if (key !== lastKey) ctx.note(progressLine(s));
        lastKey = key;
      },
      onRetry: (error, delayMs) => {
        clear();
        ctx.note(`Нет ответа о состоянии (${error.message}); следующий запрос через ${Math.round(delayMs / 1000)} с`);
      },
    });
  } finally {
    process.removeListener('SIGINT', onSigint);
    if (drawn) ctx.stderr.write('\n');
  }
}
