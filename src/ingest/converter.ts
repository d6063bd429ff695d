import { spawn } from 'node:child_process';
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
 */
export class Converter {
  private tail: Promise<unknown> = Promise.resolve();
  private generation = 0;
  private sinceRestart = 0;
  private readonly restartEvery: number;

  constructor(private readonly opts: ConverterOptions) {
    this.restartEvery = opts.restartEvery ?? 30;
  }

  /** Converts `input` into outDir and returns the PDF's path; rejects with a reason on failure or timeout. */
  convert(input: string, outDir: string, timeoutMs: number): Promise<string> {
    const next = this.tail.then(() => this.convertNow(input, outDir, timeoutMs));
    this.tail = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    await this.tail;
    await rm(this.profileDir(), { recursive: true, force: true });
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
      await runGroup(this.opts.soffice, args, timeoutMs);
      const pdf = join(outDir, `${basename(input, extname(input))}.pdf`);
      await access(pdf).catch(() => {
        throw new Error('LibreOffice не создал PDF (файл повреждён или формат не распознан)');
      });
      return pdf;
    } catch (e) {
      await this.freshProfile();
      throw e;
    }
  }
}

function runGroup(cmd: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let timedOut = false;
    child.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < 2000) stderr += d.toString();
    });
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    // On timeout the whole group is killed; the promise settles when the process has really exited,
    // so the profile is not replaced under a LibreOffice that is still writing to it.
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      killGroup(); // helpers LibreOffice may leave behind in the group
      if (timedOut) reject(new Error(`преобразование не завершилось за ${Math.max(1, Math.round(timeoutMs / 1000))} с`));
      else if (code === 0) resolve();
      else reject(new Error(`LibreOffice завершился с кодом ${code}${stderr ? `: ${stderr.trim().slice(0, 300)}` : ''}`));
    });
  });
}
