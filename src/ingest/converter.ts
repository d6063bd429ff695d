import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { access, mkdir, rm } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface ConverterOptions {
  /** Path of the soffice executable. */
  soffice: string;
  /** Directory for LibreOffice profiles (one per generation). */
  profileRoot: string;
  /** A fresh profile after this many conversions; a profile grows and occasionally breaks. */
  restartEvery?: number;
}

/**
 * Word/Excel → PDF through LibreOffice, one conversion at a time (LibreOffice does not share a
 * profile between processes). Each call gets its own process in its own process group, killed as a
 * whole on timeout; after a failure, or every `restartEvery` conversions, the profile is replaced.
 * Its own group also means a kill of the caller's group does not reach it: whoever ends the caller
 * calls abort() first (child-main.ts on SIGTERM and when its service is gone).
 */
export class Converter {
  private tail: Promise<unknown> = Promise.resolve();
  private generation = 0;
  private sinceRestart = 0;
  private readonly restartEvery: number;
  /** Process groups of conversions under way (each LibreOffice leads its own). */
  private readonly running = new Set<number>();

  constructor(private readonly opts: ConverterOptions) {
    this.restartEvery = opts.restartEvery ?? 30;
  }

  /** Converts `input` into outDir and returns the PDF's path; rejects with a reason on failure or timeout. */
  convert(input: string, outDir: string, timeoutMs: number): Promise<string> {
    const next = this.tail.then(() => this.convertNow(input, outDir, timeoutMs));
    this.tail = next.catch(() => undefined);
    return next;
  }

  /** Waits for the conversion under way, then removes every profile. */
  async close(): Promise<void> {
    await this.tail;
    await rm(this.opts.profileRoot, { recursive: true, force: true });
  }

  /**
   * At once and synchronously (it runs in signal and exit handlers): kills the process group of every
   * conversion under way and removes every profile, so no LibreOffice outlives the process that started it.
   */
  abort(): void {
    for (const pid of this.running) killGroup(pid);
    this.running.clear();
    rmSync(this.opts.profileRoot, { recursive: true, force: true });
  }

  /** Process groups of the conversions under way (for tests). */
  get runningGroups(): number[] {
    return [...this.running];
  }

  private profileDir(): string {
    return join(this.opts.profileRoot, `lo-profile-${this.generation}`);
  }

  private async freshProfile(): Promise<void> {
    await rm(this.profileDir(), { recursive: true, force: true });
    this.generation++;
    this.sinceRestart = 0;
  }

  private async convertNow(input: string, outDir: string, timeoutMs: number): Promise<string> {
    if (this.sinceRestart >= this.restartEvery) await this.freshProfile();
    this.sinceRestart++;
    await mkdir(outDir, { recursive: true });
    const args = [
      '--headless',
      '--norestore',
      '--nologo',
      '--nodefault',
      '--nolockcheck',
      `-env:UserInstallation=${pathToFileURL(this.profileDir()).href}`,
      '--convert-to',
      'pdf',
      '--outdir',
      outDir,
      input,
    ];
    try {
      await runGroup(this.opts.soffice, args, timeoutMs, this.running);
      const pdf = join(outDir, `${basename(input, extname(input))}.pdf`);
      await access(pdf).catch(() => {
        throw new ConversionError('LibreOffice не создал PDF (файл повреждён или формат не распознан)', 'no PDF in the output directory');
      });
      return pdf;
    } catch (e) {
      await this.freshProfile();
      throw e;
    }
  }
}

/** A failed conversion: the message for the user; LibreOffice's own words (English) in `detail`, for the logs. */
export class ConversionError extends Error {
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
    this.name = 'ConversionError';
  }
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Runs `cmd` as the leader of a new process group, listed in `running` while it runs. */
function runGroup(cmd: string, args: string[], timeoutMs: number, running: Set<number>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    const pid = child.pid;
    if (pid) running.add(pid);
    let stderr = '';
    let timedOut = false;
    child.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < 2000) stderr += d.toString();
    });
    const endGroup = () => {
      if (pid) {
        killGroup(pid);
        running.delete(pid);
      }
    };
    // On timeout the whole group is killed; the promise settles when the process has really exited,
    // so the profile is not replaced under a LibreOffice that is still writing to it.
    const timer = setTimeout(() => {
      timedOut = true;
      endGroup();
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      if (pid) running.delete(pid);
      reject(e);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      endGroup(); // helpers LibreOffice may leave behind in the group
      if (timedOut) reject(new Error(`преобразование не завершилось за ${Math.max(1, Math.round(timeoutMs / 1000))} с`));
      else if (code === 0) resolve();
      else if (code === null) reject(new ConversionError(`LibreOffice остановлен сигналом ${signal ?? 'неизвестным'}`, String(signal)));
      else reject(new ConversionError(`LibreOffice завершился с кодом ${code}`, stderr.trim().slice(0, 300)));
    });
  });
}
