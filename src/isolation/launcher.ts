/**
 * Starts children of this same program (`<entry> job-child <purpose>`) with a heap limit. The child is the
 * program as it was started: the same Node binary, the same Node flags (a TypeScript loader such as
 * `--import tsx` when the sources run directly; nothing when built JavaScript runs) and the same entry script
 * (bin/drs.js or a built main), so nothing here knows whether the service runs from sources or from a build.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { IsolatedChild } from './isolated-child.ts';
import type { ChildPurpose } from './protocol.ts';

export interface ChildLauncher {
  /** Heap limit of every child, in MB (RUN_MEMORY_MB). */
  readonly memoryMb: number;
  start(purpose: ChildPurpose): IsolatedChild;
}

/**
 * Scheduling niceness of every child (and, inherited, of its readers and tools): on a machine whose cores the
 * runs keep busy, the serving process gets the CPU first, so answers do not queue behind processing.
 */
export const CHILD_NICENESS = 10;

/** Node flags the child must not inherit: its own heap limit replaces the parent's; a debugger port is the parent's. */
const NOT_INHERITED = /^--(max[-_]old[-_]space[-_]size|inspect(-brk|-port|-wait)?)(=|$)/;

/** The parent's Node flags without those the child sets for itself, plus the child's heap limit. */
export function childExecArgv(parentExecArgv: readonly string[], memoryMb: number): string[] {
  const kept: string[] = [];
  for (let i = 0; i < parentExecArgv.length; i++) {
    const flag = parentExecArgv[i]!;
    if (NOT_INHERITED.test(flag)) {
      // «--max-old-space-size 512» spelled as two words: its value goes too
      if (!flag.includes('=') && /^\d+$/.test(parentExecArgv[i + 1] ?? '')) i++;
      continue;
    }
    kept.push(flag);
  }
  return [...kept, `--max-old-space-size=${memoryMb}`];
}

/**
 * A launcher of this program's children. `entry` is the script the program was started with
 * (process.argv[1] of `drs serve` / `drs worker`), which dispatches subcommands.
 */
export function programLauncher(opts: { entry: string; memoryMb: number }): ChildLauncher {
  const execArgv = childExecArgv(process.execArgv, opts.memoryMb);
  return {
    memoryMb: opts.memoryMb,
    start(purpose) {
      const child = fork(opts.entry, ['job-child', purpose], {
        execArgv,
        // Its own process group, so a kill takes its helpers (PDF readers, mutool) too; logs go where ours go.
        detached: true,
        stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
      });
      lowerPriority(child);
      return new IsolatedChild(child);
    },
  };
}

/**
 * Starts a plain-JavaScript child script (started by path, no loader, none of the service's environment) the
 * way program children are started: a process group of its own, CHILD_NICENESS, a heap limit and an IPC
 * channel that speaks protocol.ts. Its output is not passed on: what a hostile file makes a library print is
 * no log line of the service.
 */
export function startScriptChild(script: string, args: readonly string[], memoryMb: number): IsolatedChild {
  const child = fork(script, [...args], {
    execArgv: [`--max-old-space-size=${memoryMb}`],
    env: {},
    detached: true,
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  lowerPriority(child);
  return new IsolatedChild(child);
}

/** Set before the child has loaded anything, so the helpers it starts later inherit it. */
function lowerPriority(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    setPriority(child.pid, CHILD_NICENESS);
  } catch {
    /* not permitted here: the child runs at the service's priority */
  }
}
