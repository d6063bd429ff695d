import { randomUUID } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** Scratch whose owner cannot be proven gone (another host, a name without an owner) is removed after this. */
const STALE_MS = 60 * 60 * 1000;

/**
 * Name of a scratch directory: «host:pid:uuid», so that a later start can tell whether its owner is
 * still alive. A worker's id has the same shape, which names its work directories.
 */
export function scratchName(): string {
  return `${hostname()}:${process.pid}:${randomUUID()}`;
}

/**
 * Work directory of one run under a worker: named by the worker's id, whose process outlives the run's
 * child, so a child killed mid-run leaves it to its worker to remove and a dead worker's to the next start.
 */
export function runWorkDir(dataDir: string, workerId: string, runId: string): string {
  return join(dataDir, 'tmp', 'work', workerId, runId);
}

/**
 * Scratch of one page picture's render (cabinet/page-image.ts): under DATA_DIR like all scratch, never the system's
 * temporary directory, so a process killed mid-render leaves it where the next start removes it.
 */
export function renderScratchDir(dataDir: string): string {
  return join(dataDir, 'tmp', 'render', scratchName());
}

/** True when the name's owner is provably gone: it ran on this host and its pid is not alive. */
export function ownerGone(name: string, self = { host: hostname(), pid: process.pid }): boolean {
  const [host, pidText] = name.split(':');
  const pid = Number(pidText);
  if (host !== self.host || !Number.isInteger(pid) || pid <= 0) return false;
  // Called once at start, before this process makes any scratch: its own pid is a predecessor's (pid 1 in a container).
  if (pid === self.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    // EPERM: alive under another user.
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Removes scratch left by processes that died (partial uploads, archive previews, a dead worker's work
 * directory, page renders): at once when the owner is provably gone, otherwise once it is older than an hour.
 */
export async function removeStaleScratch(dataDir: string, now = Date.now(), self?: { host: string; pid: number }): Promise<string[]> {
  const removed: string[] = [];
  for (const area of ['intake', 'preview', 'work', 'render']) {
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
      if (st && (ownerGone(e, self) || now - st.mtimeMs > STALE_MS)) {
        await rm(p, { recursive: true, force: true });
        removed.push(p);
      }
    }
  }
  return removed;
}
