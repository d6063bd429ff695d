import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Scratch left by a process that died (partial uploads, a dead worker's work directory) older than this is removed at start. */
const STALE_MS = 60 * 60 * 1000;

export async function removeStaleScratch(dataDir: string, now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  for (const area of ['intake', 'preview', 'work']) {
    const dir = join(dataDir, 'tmp', area);
    let entries: string[];
    try {
      entries = await readdir(dir);
    } catch {
      continue;
    }
    for (const e of entries) {
      const p = join(dir, e);
      const st = await stat(p).catch(() => null);
      if (st && now - st.mtimeMs > STALE_MS) {
        await rm(p, { recursive: true, force: true });
        removed.push(p);
      }
    }
  }
  return removed;
}
