import { Worker } from 'node:worker_threads';

export interface SevenZipEntry {
  path: string;
  size: number;
  isDir: boolean;
  isLink: boolean;
  isSpecial: boolean;
  encrypted: boolean;
}

export interface SevenZipList {
  code: number;
  entries: SevenZipEntry[];
  stderr: string;
}

export interface SevenZipExtractLimits {
  /** 0 = unlimited. */
  maxFileBytes: number;
  remainingBytes: number;
  maxRatio: number;
  ratioMinBytes: number;
  /** Size of the archive file: the archive-level expansion ratio is measured against it. */
  packedSize: number;
}

export interface SevenZipExtract {
  code: number;
  written: number;
  violation: { kind: 'file' | 'total' | 'ratio'; name: string } | null;
  stderr: string;
}

const WORKER_URL = new URL('./sevenzip-worker.mjs', import.meta.url);

/** Lists a 7z/RAR archive with 7-Zip (WASM) in a worker thread. */
export function listArchive(archive: string, timeoutMs: number): Promise<SevenZipList> {
  return runWorker<SevenZipList>({ op: 'list', archive }, timeoutMs);
}

/** Extracts the named entries into outDir, stopping at the first write past a limit. */
export function extractArchive(
  archive: string,
  outDir: string,
  names: readonly string[],
  limits: SevenZipExtractLimits,
  timeoutMs: number,
): Promise<SevenZipExtract> {
  return runWorker<SevenZipExtract>({ op: 'extract', archive, outDir, names, ...limits }, timeoutMs);
}

export class ArchiveTimeoutError extends Error {}

function runWorker<T>(data: object, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    // execArgv [] : the worker is plain JavaScript and needs no TypeScript loader.
    const worker = new Worker(WORKER_URL, { workerData: data, execArgv: [] });
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      void worker.terminate();
      reject(new ArchiveTimeoutError(`7-Zip did not finish in ${timeoutMs} ms`));
    }, timeoutMs);
    worker.once('message', (msg: T) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(msg);
      void worker.terminate();
    });
    worker.once('error', (e) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(e instanceof Error ? e : new Error(`7-Zip worker failed: ${String(e)}`));
    });
    worker.once('exit', (code) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new Error(`7-Zip worker exited with code ${code}`));
    });
  });
}
