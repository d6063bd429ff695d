/** DOCX → PDF with LibreOffice, as the service does when soffice is installed; batched to pay its start-up once. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

export function sofficeAvailable(): boolean {
  const r = spawnSync('soffice', ['--version'], { encoding: 'utf8', timeout: 60_000 });
  return r.status === 0;
}

/** Converts each DOCX into `<its set dir>/converted/<name>.pdf`; returns the PDF path per input path. */
export async function convertAll(items: { path: string; outDir: string }[]): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  const pending = [...items];
  const retried = new Set<string>();
  const profile = await mkdtemp(join(tmpdir(), 'drs-lo-profile-'));
  try {
    while (pending.length) {
      // One batch holds distinct base names, since LibreOffice writes all outputs into one directory.
      const batch: typeof items = [];
      const names = new Set<string>();
      for (let i = 0; i < pending.length; ) {
        const it = pending[i] as (typeof items)[number];
        const name = basename(it.path).replace(/\.docx$/i, '.pdf');
        if (names.has(name)) i++;
        else {
          names.add(name);
          batch.push(...pending.splice(i, 1));
        }
      }
      const out = await mkdtemp(join(tmpdir(), 'drs-lo-out-'));
      const r = spawnSync(
        'soffice',
        [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', out, ...batch.map((b) => b.path)],
        { encoding: 'utf8', timeout: 600_000 },
      );
      if (r.status !== 0) throw new Error(`soffice failed: ${r.stderr}`);
      for (const it of batch) {
        const name = basename(it.path).replace(/\.docx$/i, '.pdf');
        if (!existsSync(join(out, name))) {
          // a loaded machine sometimes loses one file of a batch with exit status 0: it is converted again on its own
          if (retried.has(it.path)) throw new Error(`soffice did not convert ${it.path}: ${r.stderr}`);
          retried.add(it.path);
          pending.push(it);
          continue;
        }
        const dir = join(it.outDir, 'converted');
        await mkdir(dir, { recursive: true });
        await rename(join(out, name), join(dir, name));
        result.set(it.path, join(dir, name));
      }
      await rm(out, { recursive: true, force: true });
    }
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
  return result;
}
