import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unpackUploads } from '../../src/ingest/index.ts';
import { AppError } from '../../src/kernel/errors.ts';
import { detectTools } from '../../src/ingest/tools.ts';
import { rarStored, rawZip, sevenZipWasm } from './archive-builders.ts';
import { NO_LIMITS, bytesUnder, fileUpload, tempDir, upload } from './helpers.ts';

const PDF = (s: string) => Buffer.from(`%PDF-1.4\n% ${s}\n%%EOF\n`);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function appError(code: string, file?: string) {
  return (e: unknown) => {
    assert.ok(e instanceof AppError, String(e));
    assert.equal(e.code, code, e.message);
    if (file !== undefined) assert.equal(e.file, file);
    return true;
  };
}

async function tree(root: string, files: Record<string, Buffer>): Promise<string> {
  for (const [name, data] of Object.entries(files)) {
    await mkdir(join(root, name, '..'), { recursive: true });
    await writeFile(join(root, name), data);
  }
  return root;
}

test('7z: Cyrillic paths, folders and roles, content intact', async () => {
  const dir = await tempDir();
  const src = await tree(join(dir, 'src'), {
    'Проект/24-017-АР.pdf': PDF('ar'),
    'Проект/Context/Задание на проектирование.pdf': PDF('task'),
  });
  const archive = join(dir, 'set.7z');
  await sevenZipWasm(src, archive);
  const r = await unpackUploads([await fileUpload('set.7z', archive)], join(dir, 'run'), NO_LIMITS);
  assert.deepEqual(r.documents.map((d) => [d.name, d.folderRole, d.kindGuess]).sort(), [
    ['Проект/24-017-АР.pdf', null, 'АР'],
    ['Проект/Context/Задание на проектирование.pdf', 'context', null],
  ]);
  const ar = r.documents.find((d) => d.name.endsWith('АР.pdf'))!;
  assert.equal(ar.sha256, sha(PDF('ar')));
  assert.equal(sha(await readFile(ar.path)), sha(PDF('ar')));
});

test('7z and ZIP (traditional encryption): encrypted entries are skipped, plain ones kept; encrypted headers are bad_format', async () => {
  const dir = await tempDir();
  const plain = await tree(join(dir, 'plain'), { 'open.pdf': PDF('open') });
  const secret = await tree(join(dir, 'secret'), { 'secret.pdf': PDF('secret') });
  for (const type of ['7z', 'zip']) {
    const archive = join(dir, `mixed.${type}`);
    await sevenZipWasm(plain, archive, [`-t${type}`]);
    await sevenZipWasm(secret, archive, [`-t${type}`, '-pSECRET']);
    const r = await unpackUploads([await fileUpload(`mixed.${type}`, archive)], join(dir, `run-${type}`), NO_LIMITS);
    assert.deepEqual(
      r.documents.map((d) => d.name),
      ['open.pdf'],
      type,
    );
    assert.deepEqual(
      r.skipped.map((s) => s.name),
      ['secret.pdf'],
      type,
    );
    assert.match(r.skipped[0]!.reason, /паролем/);
  }
  const hidden = join(dir, 'hidden.7z');
  await sevenZipWasm(secret, hidden, ['-pSECRET', '-mhe=on']);
  await assert.rejects(unpackUploads([await fileUpload('hidden.7z', hidden)], join(dir, 'run-h'), NO_LIMITS), appError('bad_format', 'hidden.7z'));
});

test('7z bomb: 16 MiB of zeros in a few kilobytes is stopped while extracting', async () => {
  const dir = await tempDir();
  const src = await tree(join(dir, 'src'), { 'a.pdf': PDF('a'), 'zeros.pdf': Buffer.alloc(16 * 1024 * 1024) });
  const archive = join(dir, 'bomb.7z');
  await sevenZipWasm(src, archive);
  const runDir = join(dir, 'run');
  await assert.rejects(unpackUploads([await fileUpload('bomb.7z', archive)], runDir, NO_LIMITS), appError('too_big', 'zeros.pdf'));
  assert.ok((await bytesUnder(runDir)) < 4 * 1024 * 1024);
  await assert.rejects(
    unpackUploads([await fileUpload('bomb.7z', archive)], join(dir, 'run2'), { maxFiles: 0, maxFileBytes: 1024 * 1024, maxTotalBytes: 0 }),
    appError('too_big', 'zeros.pdf'),
  );
});

test('7z: an entry failing its CRC is skipped with a reason, the other entry is delivered', async () => {
  const dir = await tempDir();
  const noise = (seed: number) => Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 31 + seed * 17) % 251));
  const src = await tree(join(dir, 'src'), { 'a.pdf': Buffer.concat([PDF('a'), noise(1)]), 'b.pdf': Buffer.concat([PDF('b'), noise(2)]) });
  const archive = join(dir, 'crc.7z');
  await sevenZipWasm(src, archive, ['-mx0']);
  const bytes = await readFile(archive);
  bytes[32 + 2500]! ^= 0xff; // inside the first stored file (data follows the 32-byte signature header)
  const r = await unpackUploads([await upload(dir, 'crc.7z', bytes)], join(dir, 'run'), NO_LIMITS);
  assert.equal(r.documents.length, 1);
  assert.equal(r.skipped.length, 1);
  assert.notEqual(r.documents[0]!.name, r.skipped[0]!.name);
  assert.match(r.skipped[0]!.reason, /контрольная сумма/);
});

test('RAR 4 (stored, written byte by byte) is unpacked by 7-Zip WASM with Windows paths and Cyrillic names', async () => {
  const dir = await tempDir();
  const rar = rarStored([
    { name: 'Проект\\24-017-КР.pdf', data: PDF('kr') },
    { name: 'Reviews\\5.1 ИОС1.pdf', data: PDF('ios1') },
    { name: 'readme.txt', data: Buffer.from('not a document') },
  ]);
  const r = await unpackUploads([await upload(dir, 'set.rar', rar)], join(dir, 'run'), NO_LIMITS);
  assert.deepEqual(
    r.documents.map((d) => [d.name, d.folderRole, d.kindGuess, d.sha256]),
    [
      ['Проект/24-017-КР.pdf', null, 'КР', sha(PDF('kr'))],
      ['Reviews/5.1 ИОС1.pdf', 'review', 'ИОС1', sha(PDF('ios1'))],
    ],
  );
  assert.deepEqual(
    r.skipped.map((s) => s.name),
    ['readme.txt'],
  );
});

test('RAR and 7z: traversal, absolute and drive-letter names are neutralised like in ZIP; nothing is written outside', async () => {
  const dir = await tempDir();
  const rar = rarStored([
    { name: '..\\..\\evil.pdf', data: PDF('evil') },
    { name: '/abs/x.pdf', data: PDF('abs') },
    { name: 'C:\\Проект\\y.pdf', data: PDF('drive') },
  ]);
  const u = await upload(dir, 'hostile.rar', rar);
  const r = await unpackUploads([u], join(dir, 'run'), NO_LIMITS);
  assert.deepEqual(
    r.documents.map((d) => [d.name, d.sha256]),
    [
      ['evil.pdf', sha(PDF('evil'))],
      ['abs/x.pdf', sha(PDF('abs'))],
      ['Проект/y.pdf', sha(PDF('drive'))],
    ],
  );
  assert.deepEqual(r.skipped, []);
  assert.deepEqual((await readdir(dir)).sort(), ['run', u.path.split('/').pop()!].sort());
});

test('archives of different kinds nest: ZIP ⊃ 7z ⊃ RAR', async () => {
  const dir = await tempDir();
  const rar = rarStored([{ name: 'deep.pdf', data: PDF('deep') }]);
  const src = await tree(join(dir, 'src'), { 'inner.rar': rar, 'mid.pdf': PDF('mid') });
  const seven = join(dir, 'mid.7z');
  await sevenZipWasm(src, seven);
  const zip = rawZip([
    { name: 'top.pdf', data: PDF('top') },
    { name: 'mid.7z', data: await readFile(seven) },
  ]);
  const r = await unpackUploads([await upload(dir, 'outer.zip', zip)], join(dir, 'run'), NO_LIMITS);
  assert.deepEqual(r.documents.map((d) => d.name).sort(), ['mid.7z/inner.rar/deep.pdf', 'mid.7z/mid.pdf', 'top.pdf']);
});

test('7z symlinks are skipped (needs the 7z command to store a link)', async (t) => {
  const tools = await detectTools();
  if (!tools.sevenZip) return t.skip('7z/7zz is not installed: cannot build an archive with a stored symlink');
  const dir = await tempDir();
  const src = await tree(join(dir, 'src'), { 'a.pdf': PDF('a') });
  await symlink('/etc/passwd', join(src, 'passwd.pdf'));
  const archive = join(dir, 'links.7z');
  execFileSync(tools.sevenZip, ['a', '-snl', archive, '.'], { cwd: src, stdio: 'ignore' });
  const r = await unpackUploads([await fileUpload('links.7z', archive)], join(dir, 'run'), NO_LIMITS);
  assert.deepEqual(
    r.documents.map((d) => d.name),
    ['a.pdf'],
  );
  assert.deepEqual(
    r.skipped.map((s) => s.name),
    ['passwd.pdf'],
  );
});
