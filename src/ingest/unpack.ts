import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, link, lstat, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { errors } from '../kernel/errors.ts';
import { IntakeBudget } from './budget.ts';
import { guessKind } from './classify.ts';
import { NameRegistry, folderRoleOf, sanitizeEntryName } from './entry-name.ts';
import { resolveInside } from '../kernel/path-guard.ts';
import { ArchiveTimeoutError, extractArchive, listArchive } from './sevenzip.ts';
import { sniffFile } from './sniff.ts';
import type { ArchiveFormat, DocFormat, IntakeDocument, IntakeLimits, IntakeResult, SkippedEntry, UnpackOptions, UploadedFile } from './types.ts';
import { CorruptArchiveError, unpackZip } from './zip-archive.ts';

const WORK_DIR = '.intake-work';
const EXT: Record<DocFormat, string> = { pdf: 'pdf', docx: 'docx', doc: 'doc', xlsx: 'xlsx', xls: 'xls', jpeg: 'jpg', png: 'png', xml: 'xml' };

/**
 * Unpacks the uploads of a run into runDir/docs/: documents are recognised by content, archives (ZIP,
 * RAR, 7z, nested up to maxDepth) are unpacked entry by entry under the budget's limits. Documents are
 * stored as docs/000001.pdf, docs/000002.docx… (names from archives never become file-system paths);
 * their exact names are kept in IntakeDocument.name.
 */
export async function unpackUploads(uploads: UploadedFile[], runDir: string, limits: IntakeLimits, options: UnpackOptions = {}): Promise<IntakeResult> {
  if (uploads.length === 0) throw errors.noFiles();
  const intake = new Intake(runDir, new IntakeBudget(limits, options));
  await intake.run(async () => {
    for (const u of uploads) await intake.addUpload(u);
  });
  if (intake.documents.length === 0) {
    const why = intake.skipped
      .slice(0, 3)
      .map((s) => `«${s.name}»: ${s.reason}`)
      .join('; ');
    throw errors.nothingToReview(why, intake.skipped[0]?.name);
  }
  return { documents: intake.documents, skipped: intake.skipped };
}

export interface ArchivePreview {
  documents: { name: string; size: number; kind_guess: string | null }[];
  skipped: SkippedEntry[];
}

/** Lists what an archive would deliver, with the same protections; writes only inside scratchDir (the caller removes it). */
export async function previewArchive(upload: UploadedFile, scratchDir: string, limits: IntakeLimits, options: UnpackOptions = {}): Promise<ArchivePreview> {
  const sniffed = await sniffFile(upload.path);
  if (sniffed.kind !== 'archive') {
    throw errors.notAnArchive(upload.name);
  }
  const intake = new Intake(scratchDir, new IntakeBudget(limits, options));
  await intake.run(() => intake.addUpload(upload));
  return {
    documents: intake.documents.map((d) => ({ name: d.name, size: d.size, kind_guess: d.kindGuess })),
    skipped: intake.skipped,
  };
}

class Intake {
  readonly documents: IntakeDocument[] = [];
  readonly skipped: SkippedEntry[] = [];
  private readonly names = new NameRegistry();
  private seq = 0;

  constructor(
    private readonly runDir: string,
    private readonly budget: IntakeBudget,
  ) {}

  async run(body: () => Promise<void>): Promise<void> {
    await mkdir(resolveInside(this.runDir, 'docs'), { recursive: true });
    await mkdir(resolveInside(this.runDir, WORK_DIR), { recursive: true });
    try {
      await body();
    } finally {
      await rm(resolveInside(this.runDir, WORK_DIR), { recursive: true, force: true });
    }
  }

  async addUpload(u: UploadedFile): Promise<void> {
    const name = sanitizeEntryName(u.name.replace(/^.*[\\/]/, '')) ?? 'file';
    await this.addFile(u.path, name, { size: u.size, sha256: u.sha256 }, 0, false, name);
  }

  private workPath(): string {
    return resolveInside(this.runDir, `${WORK_DIR}/${++this.seq}`);
  }

  /**
   * One file, wherever it came from. `owned` files are intake's temporaries (moved or deleted);
   * uploads are the caller's (copied, never touched). `depth` is how many archives enclose it.
   */
  private async addFile(
    path: string,
    name: string,
    known: { size: number; sha256: string; head?: Buffer } | null,
    depth: number,
    owned: boolean,
    topLabel: string,
  ): Promise<void> {
    const sniffed = await sniffFile(path, known?.head);
    if (sniffed.kind === 'document') {
      await this.addDocument(path, name, sniffed.format, known, owned);
      return;
    }
    try {
      if (sniffed.kind === 'unsupported') this.skipped.push({ name, reason: sniffed.reason });
      else if (depth >= this.budget.options.maxDepth) {
        this.skipped.push({ name, reason: `Архив вложен глубже ${this.budget.options.maxDepth} уровней и не распакован` });
      } else await this.unpackArchive(path, name, sniffed.format, depth + 1, depth === 0 ? '' : `${name}/`, depth === 0 ? name : topLabel);
    } finally {
      if (owned) await rm(path, { force: true });
    }
  }

  private async addDocument(path: string, rawName: string, format: DocFormat, known: { size: number; sha256: string } | null, owned: boolean): Promise<void> {
    const name = this.names.claim(rawName);
    const index = this.documents.length + 1;
    const max = this.budget.limits.maxFiles;
    if (max > 0 && index > max) throw errors.tooManyFiles(max);
    const dest = resolveInside(this.runDir, `docs/${String(index).padStart(6, '0')}.${EXT[format]}`);
    if (owned) await rename(path, dest);
    else {
      if (!known) throw new Error('uploads carry their size and hash');
      await linkOrCopy(path, dest);
    }
    const facts = known ? { size: known.size, sha256: known.sha256 } : await hashFile(dest);
    this.budget.addDocument(facts.size, name);
    this.documents.push({
      name,
      path: dest,
      size: facts.size,
      sha256: facts.sha256,
      format,
      folderRole: folderRoleOf(name),
      kindGuess: guessKind(name),
    });
  }

  private async unpackArchive(path: string, name: string, format: ArchiveFormat, depth: number, prefix: string, topLabel: string): Promise<void> {
    try {
      if (format === 'zip') await this.unpackZipArchive(path, prefix, depth, topLabel);
      else await this.unpack7z(path, prefix, depth, topLabel);
    } catch (e) {
      if (!(e instanceof CorruptArchiveError)) throw e;
      // A broken upload is the client's error; a broken archive deep inside a good one is only skipped.
      if (depth === 1) throw errors.archiveUnreadable(name, e.encrypted, format);
      const what = e.encrypted ? 'защищён паролем и не может быть распакован' : `повреждён или не может быть открыт как ${format.toUpperCase()}`;
      const reason = `Архив ${what}`;
      this.skipped.push({ name, reason });
    }
  }

  private async unpackZipArchive(path: string, prefix: string, depth: number, topLabel: string): Promise<void> {
    await unpackZip(
      path,
      topLabel,
      prefix,
      this.budget,
      () => this.workPath(),
      async (item) => {
        const clean = sanitizeEntryName(item.rawName);
        const name = prefix + (clean ?? item.rawName);
        if (!item.ok) return void this.skipped.push({ name, reason: item.reason });
        if (clean === null) {
          await rm(item.path, { force: true });
          return void this.skipped.push({ name, reason: 'Недопустимое имя файла в архиве' });
        }
        await this.addFile(item.path, name, { size: item.size, sha256: item.sha256, head: item.head }, depth, true, topLabel);
      },
    );
  }

  private async unpack7z(path: string, prefix: string, depth: number, topLabel: string): Promise<void> {
    const timeout = this.budget.options.archiveTimeoutMs;
    const listing = await this.withTimeout(() => listArchive(path, timeout), topLabel);
    if (listing.code !== 0) throw new CorruptArchiveError(listing.stderr, /password|парол/i.test(listing.stderr));
    const files = listing.entries.filter((e) => !e.isDir);
    this.budget.countEntries(files.length, topLabel);
    const wanted: string[] = [];
    const wantedSet = new Set<string>();
    let declared = 0;
    for (const e of files) {
      const name = prefix + (sanitizeEntryName(e.path) ?? e.path);
      this.budget.checkEntryPath(name, topLabel);
      if (e.isLink) this.skipped.push({ name, reason: 'Символическая ссылка пропущена' });
      else if (e.isSpecial) this.skipped.push({ name, reason: 'Специальный файл (устройство, канал) пропущен' });
      else if (e.encrypted) this.skipped.push({ name, reason: 'Файл зашифрован паролем' });
      else if (sanitizeEntryName(e.path) === null) this.skipped.push({ name, reason: 'Недопустимое имя файла в архиве' });
      else {
        // Declared sizes let an honest oversize archive fail before anything is written; the
        // write hook in the worker still enforces the limits against what is really produced.
        if (this.budget.maxFileBytes > 0 && e.size > this.budget.maxFileBytes) throw this.budget.fileTooBig(name);
        declared += e.size;
        if (declared > this.budget.remainingBytes) throw this.budget.remainingError(name);
        // 7-Zip extracts every entry of a given name at once; later copies are renamed on disk (a_1.pdf).
        if (!wantedSet.has(e.path)) {
          wantedSet.add(e.path);
          wanted.push(e.path);
        }
      }
    }
    if (wanted.length === 0) return;
    const outDir = this.workPath();
    await mkdir(outDir);
    const { size: packedSize } = await lstat(path);
    const result = await this.withTimeout(
      () =>
        extractArchive(
          path,
          outDir,
          wanted,
          {
            maxFileBytes: this.budget.maxFileBytes,
            remainingBytes: this.budget.remainingBytes,
            maxRatio: this.budget.options.maxRatio,
            ratioMinBytes: this.budget.options.ratioMinBytes,
            packedSize,
          },
          timeout,
        ),
      topLabel,
    );
    if (result.violation) {
      const vName = prefix + result.violation.name;
      if (result.violation.kind === 'file') throw this.budget.fileTooBig(vName);
      if (result.violation.kind === 'ratio') throw this.budget.ratioError(vName);
      throw this.budget.remainingError(vName);
    }
    this.budget.addWritten(result.written, topLabel);
    const failures = parseFailures(result.stderr);
    // 7-Zip writes each entry under its own cleaned-up path ("C:\\x\\a.pdf" may become "C:/x/a.pdf"), so files
    // on disk are matched to entries through the same sanitised name the document gets.
    const onDisk = new Map<string, string>();
    for (const rel of [...(await walkFiles(outDir))].sort()) {
      const key = sanitizeEntryName(rel);
      if (key !== null && !onDisk.has(key)) onDisk.set(key, rel);
    }
    for (const entryPath of wanted) {
      const key = sanitizeEntryName(entryPath)!;
      const rel = onDisk.get(key);
      onDisk.delete(key);
      const failure = (rel !== undefined ? failures.get(rel) : undefined) ?? failures.get(entryPath) ?? failures.get(key);
      if (failure || rel === undefined) {
        if (rel !== undefined) await rm(resolveInside(outDir, rel), { force: true });
        this.skipped.push({ name: prefix + key, reason: `Файл в архиве повреждён и не может быть извлечён: ${explainFailure(failure)}` });
        continue;
      }
      await this.addFile(resolveInside(outDir, rel), prefix + key, null, depth, true, topLabel);
    }
    // Files 7-Zip had to rename (duplicate names in one archive) arrive here in a stable order.
    for (const [key, rel] of onDisk) await this.addFile(resolveInside(outDir, rel), prefix + key, null, depth, true, topLabel);
  }

  private async withTimeout<T>(op: () => Promise<T>, label: string): Promise<T> {
    try {
      return await op();
    } catch (e) {
      if (e instanceof ArchiveTimeoutError) {
        throw errors.archiveTimedOut(label);
      }
      throw e;
    }
  }
}

/** Russian wording of 7-Zip's per-entry failures. */
function explainFailure(failure: string | undefined): string {
  if (!failure) return 'файл не был извлечён';
  if (/wrong password/i.test(failure)) return 'файл зашифрован паролем';
  if (/crc/i.test(failure)) return 'контрольная сумма не совпадает';
  if (/unsupported/i.test(failure)) return 'метод сжатия не поддерживается';
  if (/unexpected end/i.test(failure)) return 'архив обрывается';
  return 'ошибка данных';
}

/** 7-Zip reports broken entries on stderr as "ERROR: <what> : <name>". */
function parseFailures(stderr: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of stderr.split('\n')) {
    const m = /^ERROR: (.+?) : (.+)$/.exec(line.trim());
    if (m) out.set(m[2]!.replace(/^\/out\//, ''), m[1]!);
  }
  return out;
}

/** Regular files under dir (relative, "/" separated); links and anything else are left out. */
async function walkFiles(dir: string): Promise<Set<string>> {
  const out = new Set<string>();
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop()!;
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (e.isFile()) out.add(relative(dir, p).split('\\').join('/'));
    }
  }
  return out;
}

/** An upload becomes a document without copying its bytes when both live on one file system. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

async function hashFile(path: string): Promise<{ size: number; sha256: string }> {
  const h = createHash('sha256');
  let size = 0;
  await pipeline(createReadStream(path), async (src: AsyncIterable<Buffer>) => {
    for await (const chunk of src) {
      size += chunk.length;
      h.update(chunk);
    }
  });
  return { size, sha256: h.digest('hex') };
}
