/** Shared pieces of the client tests: the review set written to a folder, a key file, the CLI runner. */
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../helpers/server.ts';
import { reviewSetForm } from '../feedback/published-set.ts';

export const KINDS = { '24-017-ПЗ.pdf': 'ПЗ', '24-017-АР.pdf': 'АР', '24-017-КР.pdf': 'КР' };

/** The three-volume set of the feedback tests (it yields findings in several sections), as files in a new folder. */
export async function writeReviewSet(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'drs-client-set-'));
  for (const [field, value] of await reviewSetForm()) {
    if (field === 'files' && value instanceof Blob) await writeFile(join(dir, (value as File).name), new Uint8Array(await value.arrayBuffer()));
  }
  return dir;
}

export async function writeKeyFile(key: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'drs-client-key-'));
  const path = join(dir, 'key');
  await writeFile(path, `${key}\n`, { mode: 0o600 });
  return path;
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

const MAIN = join(ROOT, 'client', 'src', 'cli', 'main.ts');

/** Runs drs-client from its sources; `input` is written to stdin. */
export function drsClient(args: string[], env: Record<string, string>, input?: Buffer | string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const clean = { ...process.env };
    delete clean.DRS_API_URL;
    delete clean.DRS_API_KEY;
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { env: { ...clean, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}
