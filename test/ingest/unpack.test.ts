import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, readdir, writeFile, lstat } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import yazl from 'yazl';
import { unpackUploads, previewArchive } from '../../src/ingest/index.ts';
import { AppError } from '../../src/kernel/errors.ts';
import { rawZip, sevenZipWasm, unicodePathExtra } from './archive-builders.ts';
import { JPEG_MIN, PNG_1PX, XML_PZ, writeDocx, writePdf, writeXlsx } from './documents.ts';
import { NO_LIMITS, bytesUnder, fileUpload, tempDir, upload } from './helpers.ts';

const PDF_MIN = Buffer.from('%PDF-1.4\n%%EOF\n');

function isAppError(code: string, file?: string) {
  return (e: unknown) => {
    assert.ok(e instanceof AppError, `expected AppError, got ${String(e)}`);
    assert.equal(e.code, code, e.message);
    if (file !== undefined) assert.equal(e.file, file);
    assert.match(e.message, /[а-яА-Я]/);
    return true;
  };
}

async function yazlZip(path: string, fill: (z: yazl.ZipFile) => void): Promise<void> {
  const zip = new yazl.ZipFile();
  fill(zip);
  zip.end();
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  await once(out, 'finish');
}

test('every format is recognised by content, names are exact archive paths, folders set roles', async () => {
  const dir = await tempDir();
  const src = join(dir, 'src');
  await mkdir(src);
  await writePdf(join(src, 'kr.pdf'), 3, 'Конструктивные решения');
  await writeDocx(join(src, 'pz.docx'), 2);
  await writeXlsx(join(src, 'sm.xlsx'), ['ССР', 'ЛСР']);
  const zipPath = join(dir, 'set.zip');
  await yazlZip(zipPath, (z) => {
    z.addFile(join(src, 'kr.pdf'), 'Проект/24-017-КР.pdf');
    z.addFile(join(src, 'pz.docx'), 'Проект/24-017-ПЗ.docx');
    z.addFile(join(src, 'sm.xlsx'), 'Проект/24-017-СМ.xlsx');
    z.addBuffer(PDF_MIN, 'Проект/Context/ТУ водоканала.bin');
    z.addBuffer(PNG_1PX, 'Reviews/photo.png');
    z.addBuffer(JPEG_MIN, 'Reviews/scan.jpg');
    z.addBuffer(XML_PZ, 'ПЗ.xml');
    z.addBuffer(Buffer.from('just text'), 'readme.pdf');
  });
  const runDir = join(dir, 'run');
  const r = await unpackUploads([await fileUpload('set.zip', zipPath)], runDir, NO_LIMITS);
  assert.deepEqual(
    r.documents.map((d) => [d.name, d.format, d.folderRole, d.kindGuess]),
    [
      ['Проект/24-017-КР.pdf', 'pdf', null, 'КР'],
      ['Проект/24-017-ПЗ.docx', 'docx', null, 'ПЗ'],
      ['Проект/24-017-СМ.xlsx', 'xlsx', null, 'СМ'],
      ['Проект/Context/ТУ водоканала.bin', 'pdf', 'context', null],
      ['Reviews/photo.png', 'png', 'review', null],
      ['Reviews/scan.jpg', 'jpeg', 'review', null],
      ['ПЗ.xml', 'xml', null, 'ПЗ'],
    ],
  );
  assert.deepEqual(
    r.skipped.map((s) => s.name),
    ['readme.pdf'],
  );
  assert.match(r.skipped[0]!.reason, /не поддерживается/);
  for (const d of r.documents) {
    assert.ok(d.path.startsWith(join(runDir, 'docs')));
    const data = await readFile(d.path);
    assert.equal(d.size, data.length);
    assert.equal(d.sha256, createHash('sha256').update(data).digest('hex'));
  }
  assert.deepEqual((await readdir(runDir)).sort(), ['docs'], 'the work directory is removed');
});

test('top-level documents keep their file names; equal names get a deterministic suffix', async () => {
  const dir = await tempDir();
  const a = await upload(dir, 'a.zip', rawZip([{ name: 'ПЗ.pdf', data: PDF_MIN, flags: 0x800 }]));
  const b = await upload(
    dir,
    'b.zip',
    rawZip([
      { name: 'ПЗ.pdf', data: PDF_MIN, flags: 0x800 },
      { name: 'пз.PDF', data: PDF_MIN, flags: 0x800 },
    ]),
  );
  const c = await upload(dir, '24-017-КР.pdf', PDF_MIN);
  const r = await unpackUploads([c, a, b], join(dir, 'run'), NO_LIMITS);
  assert.deepEqual(
    r.documents.map((d) => d.name),
    ['24-017-КР.pdf', 'ПЗ.pdf', 'ПЗ (2).pdf', 'пз (3).PDF'],
  );
});

test('ZIP names: CP866 without the UTF-8 flag, UTF-8 without the flag, and the Unicode Path extra field', async () => {
  const dir = await tempDir();
  const cp866 = iconv.encode('Раздел ПД №4 КР.pdf', 'cp866');
  const header = iconv.encode('old-name.pdf', 'cp866');
  const zip = rawZip([
    { name: cp866, data: PDF_MIN },
    { name: Buffer.from('Том 5.1 ИОС1.pdf', 'utf8'), data: PDF_MIN },
    { name: header, data: PDF_MIN, extra: unicodePathExtra(header, 'Папка/ПОС.pdf') },
  ]);
  const r = await unpackUploads([await upload(dir, 'win.zip', zip)], join(dir, 'run'), NO_LIMITS);
  assert.deepEqual(
    r.documents.map((d) => d.name),
    ['Раздел ПД №4 КР.pdf', 'Том 5.1 ИОС1.pdf', 'Папка/ПОС.pdf'],
  );
  assert.deepEqual(
    r.documents.map((d) => d.kindGuess),
    ['КР', 'ИОС1', 'ПОС'],
  );
});

test('traversal and absolute names are neutralised, links and devices skipped, nothing escapes the run directory', async () => {
  const dir = await tempDir();
  const zip = rawZip([
    { name: '../../evil.pdf', data: PDF_MIN },
    { name: '/etc/abs.pdf', data: PDF_MIN },
    { name: 'C:\\Windows\\drive.pdf', data: PDF_MIN },
    { name: 'link.pdf', data: Buffer.from('/etc/passwd'), unixMode: 0o120777 },
    { name: 'fifo.pdf', data: Buffer.alloc(0), unixMode: 0o010644 },
    { name: '../..', data: PDF_MIN },
  ]);
  const u = await upload(dir, 'hostile.zip', zip);
  const runDir = join(dir, 'run');
  const r = await unpackUploads([u], runDir, NO_LIMITS);
  assert.deepEqual(
    r.documents.map((d) => d.name),
    ['evil.pdf', 'etc/abs.pdf', 'Windows/drive.pdf'],
  );
  assert.deepEqual(
    r.skipped.map((s) => s.name),
    ['link.pdf', 'fifo.pdf', '../..'],
  );
  assert.match(r.skipped[0]!.reason, /ссылка/);
  assert.deepEqual((await readdir(dir)).sort(), ['run', u.path.split('/').pop()!].sort());
  for (const f of await readdir(join(runDir, 'docs'))) assert.ok((await lstat(join(runDir, 'docs', f))).isFile());
});

test('a zip bomb is stopped by the expansion ratio after a few megabytes', async () => {
  const dir = await tempDir();
  const bomb = join(dir, 'bomb.zip');
  const MiB = 1024 * 1024;
  await yazlZip(bomb, (z) => {
    z.addBuffer(PDF_MIN, 'ok.pdf');
    z.addReadStream(
      Readable.from(
        (function* () {
          for (let i = 0; i < 128; i++) yield Buffer.alloc(MiB);
        })(),
      ),
      'zeros.pdf',
    );
  });
  const runDir = join(dir, 'run');
  await assert.rejects(unpackUploads([await fileUpload('bomb.zip', bomb)], runDir, NO_LIMITS), isAppError('too_big', 'zeros.pdf'));
  assert.ok((await bytesUnder(runDir)) < 4 * MiB, 'only a few megabytes were written');
});

test('many small highly compressed entries are stopped by the archive-level ratio', async () => {
  const dir = await tempDir();
  const zipPath = join(dir, 'spread.zip');
  await yazlZip(zipPath, (z) => {
    for (let i = 0; i < 100; i++) z.addBuffer(Buffer.concat([PDF_MIN, Buffer.alloc(256 * 1024)]), `part${i}.pdf`);
  });
  const runDir = join(dir, 'run');
  await assert.rejects(unpackUploads([await fileUpload('spread.zip', zipPath)], runDir, NO_LIMITS), isAppError('too_big'));
  assert.ok((await bytesUnder(runDir)) < 8 * 1024 * 1024, 'stopped at about 200 times the archive size');
});

test('per-file and total byte limits stop unpacking with too_big naming the file', async () => {
  const dir = await tempDir();
  const big = Buffer.concat([PDF_MIN, Buffer.alloc(300_000, 0x41)]);
  const zip = rawZip([
    { name: 'a.pdf', data: big },
    { name: 'b.pdf', data: big },
  ]);
  await assert.rejects(
    unpackUploads([await upload(dir, 's.zip', zip)], join(dir, 'r1'), { maxFiles: 0, maxFileBytes: 100_000, maxTotalBytes: 0 }),
    isAppError('too_big', 'a.pdf'),
  );
  await assert.rejects(
    unpackUploads([await upload(dir, 's.zip', zip)], join(dir, 'r2'), { maxFiles: 0, maxFileBytes: 0, maxTotalBytes: 500_000 }),
    isAppError('too_big', 'b.pdf'),
  );
});

test('the set limit counts documents, not the nested archives they came from; the technical cap counts everything written', async () => {
  const dir = await tempDir();
  const doc = Buffer.concat([PDF_MIN, Buffer.alloc(300_000, 0x42)]);
  const outer = rawZip([{ name: 'inner.zip', data: rawZip([{ name: 'a.pdf', data: doc }]) }]);
  const limits = { maxFiles: 0, maxFileBytes: 0, maxTotalBytes: 400_000 };
  const ok = await unpackUploads([await upload(dir, 'outer.zip', outer)], join(dir, 'r1'), limits);
  assert.deepEqual(
    ok.documents.map((d) => d.name),
    ['inner.zip/a.pdf'],
  );
  const extra = await upload(dir, 'extra.pdf', Buffer.concat([PDF_MIN, Buffer.alloc(150_000)]));
  await assert.rejects(
    unpackUploads([await upload(dir, 'outer.zip', outer), extra], join(dir, 'r2'), limits),
    (e: unknown) => isAppError('too_big', 'extra.pdf')(e) && /документов комплекта/.test((e as Error).message),
  );
  await assert.rejects(
    unpackUploads([await upload(dir, 'outer.zip', outer)], join(dir, 'r3'), NO_LIMITS, { maxUnpackedBytes: 500_000 }),
    (e: unknown) => isAppError('too_big', 'inner.zip/a.pdf')(e) && /технический предел/.test((e as Error).message),
  );
});

test('max_files counts documents after unpacking', async () => {
  const dir = await tempDir();
  const zip = rawZip([1, 2, 3].map((i) => ({ name: `${i}.pdf`, data: PDF_MIN })));
  await assert.rejects(
    unpackUploads([await upload(dir, 's.zip', zip)], join(dir, 'run'), { maxFiles: 2, maxFileBytes: 0, maxTotalBytes: 0 }),
    isAppError('too_many_files'),
  );
});

test('a corrupt or truncated archive is bad_format naming the upload; nothing usable is bad_format too', async () => {
  const dir = await tempDir();
  const good = rawZip([{ name: 'a.pdf', data: PDF_MIN }]);
  const truncated = await upload(dir, 'cut.zip', good.subarray(0, good.length - 30));
  await assert.rejects(unpackUploads([truncated], join(dir, 'r1'), NO_LIMITS), isAppError('bad_format', 'cut.zip'));
  const garbage = await upload(dir, 'junk.7z', Buffer.concat([Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]), Buffer.alloc(200, 7)]));
  await assert.rejects(unpackUploads([garbage], join(dir, 'r2'), NO_LIMITS), isAppError('bad_format', 'junk.7z'));
  const text = await upload(dir, 'notes.txt', Buffer.from('текст'));
  await assert.rejects(unpackUploads([text], join(dir, 'r3'), NO_LIMITS), isAppError('bad_format', 'notes.txt'));
  await assert.rejects(unpackUploads([], join(dir, 'r4'), NO_LIMITS), isAppError('no_files'));
  // A broken archive inside a good one costs only itself.
  const outer = rawZip([
    { name: 'inner.zip', data: good.subarray(0, good.length - 30) },
    { name: 'ok.pdf', data: PDF_MIN },
  ]);
  const r = await unpackUploads([await upload(dir, 'outer.zip', outer)], join(dir, 'r5'), NO_LIMITS);
  assert.deepEqual(
    r.documents.map((d) => d.name),
    ['ok.pdf'],
  );
  assert.deepEqual(
    r.skipped.map((s) => s.name),
    ['inner.zip'],
  );
  assert.match(r.skipped[0]!.reason, /повреждён/);
});

test('a ZIP entry whose data does not match its checksum is skipped; the others are kept', async () => {
  const dir = await tempDir();
  const zip = rawZip([
    { name: 'bad.pdf', data: Buffer.from('%PDF-1.4\nAAAAAAAAAA\n') },
    { name: 'good.pdf', data: PDF_MIN },
  ]);
  zip[30 + 'bad.pdf'.length + 12]! ^= 0xff; // one byte of bad.pdf's stored data
  const r = await unpackUploads([await upload(dir, 'c.zip', zip)], join(dir, 'run'), NO_LIMITS);
  assert.deepEqual(
    r.documents.map((d) => d.name),
    ['good.pdf'],
  );
  assert.equal(r.skipped[0]?.name, 'bad.pdf');
  assert.match(r.skipped[0]!.reason, /повреждён.*контрольная сумма/);
});

test('archives nest up to five levels; deeper ones are skipped with a reason (20 levels built)', async () => {
  const dir = await tempDir();
  let inner = rawZip([{ name: 'level20.pdf', data: PDF_MIN }]);
  for (let level = 19; level >= 1; level--) {
    inner = rawZip([
      { name: `level${level}.pdf`, data: PDF_MIN },
      { name: `l${level + 1}.zip`, data: inner },
    ]);
  }
  const r = await unpackUploads([await upload(dir, 'l1.zip', inner)], join(dir, 'run'), NO_LIMITS);
  assert.deepEqual(
    r.documents.map((d) => d.name),
    ['level1.pdf', 'l2.zip/level2.pdf', 'l2.zip/l3.zip/level3.pdf', 'l2.zip/l3.zip/l4.zip/level4.pdf', 'l2.zip/l3.zip/l4.zip/l5.zip/level5.pdf'],
  );
  assert.deepEqual(
    r.skipped.map((s) => s.name),
    ['l2.zip/l3.zip/l4.zip/l5.zip/l6.zip'],
  );
  assert.match(r.skipped[0]!.reason, /глубже 5 уровней/);
});

test('10 000 tiny entries are unpacked; one entry more than the limit is too_many_files', async () => {
  const dir = await tempDir();
  const zipPath = join(dir, 'many.zip');
  await yazlZip(zipPath, (z) => {
    for (let i = 0; i < 10_000; i++) z.addBuffer(PDF_MIN, `d${i % 50}/${i}.pdf`, { compress: false });
  });
  const r = await unpackUploads([await fileUpload('many.zip', zipPath)], join(dir, 'run'), NO_LIMITS);
  assert.equal(r.documents.length, 10_000);
  assert.equal(r.documents[9_999]!.name, 'd49/9999.pdf');
  await assert.rejects(
    unpackUploads([await fileUpload('many.zip', zipPath)], join(dir, 'run2'), NO_LIMITS, { maxEntries: 9_999 }),
    isAppError('too_many_files', 'many.zip'),
  );
});

test('preview lists an archive inside the scratch directory and refuses a non-archive', async () => {
  const dir = await tempDir();
  const zip = rawZip([
    { name: 'ПД/24-017-АР.pdf', data: PDF_MIN, flags: 0x800 },
    { name: 'x.txt', data: Buffer.from('x') },
  ]);
  const scratch = join(dir, 'scratch');
  const p = await previewArchive(await upload(dir, 'set.zip', zip), scratch, NO_LIMITS);
  assert.deepEqual(p.documents, [{ name: 'ПД/24-017-АР.pdf', size: PDF_MIN.length, kind_guess: 'АР' }]);
  assert.deepEqual(
    p.skipped.map((s) => s.name),
    ['x.txt'],
  );
  await assert.rejects(previewArchive(await upload(dir, 'a.pdf', PDF_MIN), join(dir, 's2'), NO_LIMITS), isAppError('bad_format', 'a.pdf'));
  await writeFile(join(dir, 'marker'), '');
});

/** A document path of exactly `n` characters: Cyrillic folders of 100 characters and a file name. */
function longPath(n: number): string {
  const file = 'ПЗ.pdf';
  const folders: string[] = [];
  let length = file.length;
  while (length + 101 <= n) {
    folders.push('п'.repeat(100));
    length += 101;
  }
  const last = n - length - 1;
  if (last > 0) folders.push('к'.repeat(last));
  const path = [...folders, file].join('/');
  assert.equal([...path].length, n);
  return path;
}

test('a document path in an archive over 1,000 characters refuses the archive with bad_format; at the limit it is kept', async () => {
  const dir = await tempDir();
  const atLimit = longPath(1000);
  const ok = await unpackUploads([await upload(dir, 'ok.zip', rawZip([{ name: atLimit, data: PDF_MIN }]))], join(dir, 'r1'), NO_LIMITS);
  assert.deepEqual(
    ok.documents.map((d) => d.name),
    [atLimit],
  );

  const over = rawZip([
    { name: 'a.pdf', data: PDF_MIN },
    { name: longPath(1001), data: PDF_MIN },
  ]);
  await assert.rejects(unpackUploads([await upload(dir, 'long.zip', over)], join(dir, 'r2'), NO_LIMITS), (e: unknown) => {
    isAppError('bad_format', 'long.zip')(e);
    assert.match((e as Error).message, /путь длиннее 1000 символов/);
    return true;
  });
  // The full name counts: a path inside a nested archive is prefixed with the archive's own.
  const nested = rawZip([{ name: 'inner.zip', data: rawZip([{ name: longPath(995), data: PDF_MIN }]) }]);
  await assert.rejects(unpackUploads([await upload(dir, 'outer.zip', nested)], join(dir, 'r3'), NO_LIMITS), isAppError('bad_format', 'outer.zip'));
  await assert.rejects(previewArchive(await upload(dir, 'p.zip', over), join(dir, 'r4'), NO_LIMITS), isAppError('bad_format', 'p.zip'));
});

test('a 7z archive with a document path over 1,000 characters is refused before extraction', async () => {
  const dir = await tempDir();
  const src = join(dir, 'src');
  const path = longPath(1001);
  await mkdir(join(src, ...path.split('/').slice(0, -1)), { recursive: true });
  await writeFile(join(src, path), PDF_MIN);
  await sevenZipWasm(src, join(dir, 'long.7z'));
  const archive = await upload(dir, 'long.7z', await readFile(join(dir, 'long.7z')));
  await assert.rejects(
    unpackUploads([archive], join(dir, 'run'), NO_LIMITS),
    (e: unknown) => isAppError('bad_format', 'long.7z')(e) && /путь длиннее 1000/.test((e as Error).message),
  );
  assert.deepEqual(await readdir(join(dir, 'run', 'docs')), [], 'nothing was extracted');
});
