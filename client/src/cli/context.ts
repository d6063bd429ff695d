/** What every command gets: output streams, the environment and a client built from DRS_API_URL / DRS_API_KEY. */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { DrsClient } from '../client.ts';
import type { RetryEvent } from '../transport.ts';
import { UsageError } from './exit-codes.ts';

export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream;
  env: Record<string, string | undefined>;
}

export interface GlobalOptions {
  'key-file'?: string;
  'api-url'?: string;
  json?: boolean;
}

export interface Context extends Io {
  json: boolean;
  /** Builds the client on first use: commands that need no service (verify-webhook) need no key. */
  client(): Promise<DrsClient>;
  /** A line for the person at the terminal (stderr, so stdout stays clean for data). */
  note(text: string): void;
}

/** The package's version; package.json is two levels up from both src/cli and dist/cli. */
export function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

export function makeContext(io: Io, options: GlobalOptions): Context {
  let client: DrsClient | null = null;
  const note = (text: string) => void io.stderr.write(`${text}\n`);
  return {
    ...io,
    json: options.json ?? false,
    note,
    async client() {
      if (client) return client;
      const baseUrl = options['api-url'] ?? io.env.DRS_API_URL;
      if (!baseUrl) throw new UsageError('Не задан адрес API: переменная DRS_API_URL или --api-url');
      let apiKey = io.env.DRS_API_KEY;
      if (options['key-file']) {
        apiKey = (
          await readFile(options['key-file'], 'utf8').catch(() => {
            throw new UsageError(`Не удалось прочитать файл ключа: ${options['key-file']}`);
          })
        ).trim();
      }
      if (!apiKey) throw new UsageError('Не задан API-ключ: переменная DRS_API_KEY или --key-file ФАЙЛ');
      try {
        new URL(baseUrl);
      } catch {
        throw new UsageError(`Неверный адрес API: ${baseUrl}`);
      }
      client = new DrsClient({
        baseUrl,
        apiKey,
        userAgent: `drs-client/${packageVersion()} node/${process.versions.node}`,
        onRetry: (e: RetryEvent) => note(`Повтор ${e.method} ${e.path} через ${(e.delayMs / 1000).toFixed(1)} с: ${e.error.message}`),
      });
      return client;
    },
  };
}
