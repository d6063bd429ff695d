import { access, constants } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

export interface SystemTools {
  soffice: string | null;
  tesseract: string | null;
  sevenZip: string | null;
  pdfinfo: string | null;
}

let cached: Promise<SystemTools> | null = null;

/** Optional system tools found on PATH (once per process). Each may be null: callers degrade and say so. */
export function detectTools(): Promise<SystemTools> {
  cached ??= (async () => ({
    soffice: (await which('soffice')) ?? (await which('libreoffice')),
    tesseract: await which('tesseract'),
    sevenZip: (await which('7zz')) ?? (await which('7z')),
    pdfinfo: await which('pdfinfo'),
  }))();
  return cached;
}

async function which(cmd: string): Promise<string | null> {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, cmd);
    try {
      await access(p, constants.X_OK);
      return p;
    } catch {
      // Not in this directory.
    }
  }
  return null;
}
