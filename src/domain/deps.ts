import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Store } from '../store/db.ts';
import type { BlobStore } from '../blobs/blob-store.ts';
import type { ChildLauncher } from '../isolation/launcher.ts';
import type { ChildPool } from '../isolation/child-pool.ts';
import type { WorkBounds } from './work-bounds.ts';

/** What the request-side services and the routes need; built once by the entry point, no globals. */
export interface AppDeps {
  config: Config;
  store: Store;
  blobs: BlobStore;
  log: Logger;
  /** Wakes an in-process worker when a run is queued (no-op in API-only nodes). */
  notifyQueued: () => void;
  /** Starts child processes of the program for CPU-heavy work (PDF rebuilds); absent, that work runs in process (in-process tests). */
  children?: ChildLauncher;
  /** The bounds of the work done on request (children of each kind, uploads): one set per API process. */
  bounds: WorkBounds;
  /**
   * The kept children that do work on request — PDF rebuilds, registers, archive previews (isolation/report-children.ts)
   * — when there is a launcher; absent, that work runs in process.
   */
  buildChildren?: ChildPool;
  /** The wall clock (ms) of time windows such as the rate limits' minutes; Date.now unless a test holds it. */
  clock?: () => number;
}

/** What an API process is built from: the bounds are made from the configuration unless given (a test that watches them), the build children from the launcher. */
export type AppInput = Omit<AppDeps, 'bounds' | 'buildChildren'> & { bounds?: WorkBounds };
