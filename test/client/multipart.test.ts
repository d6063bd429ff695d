/** The streamed multipart body: what a standard parser reads back, and files opened only when reached. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { multipartBody, type FilePart } from '../../client/src/multipart.ts';
import { resolveSources } from '../../client/src/sources.ts';
import { DrsUsageError } from '../../client/src/index.ts';

async function* bytes(...chunks: string[]): AsyncGenerator<Uint8Array> {
  for (const c of chunks) yield Buffer.from(c);
}

test('fields and files read back by a standard multipart parser, Cyrillic and quotes in names included', async () => {
  const { body, contentType } = multipartBody([
    { field: 'files', filename: 'Том "1" — ПЗ.pdf', contentType: 'application/pdf', open: () => bytes('%PDF-1.7\r\n', '--не граница\r\n', 'конец') },
    { field: 'files', filename: 'КР.pdf', contentType: 'application/pdf', open: () => bytes('второй') },
    { field: 'kinds', value: JSON.stringify({ 'КР.pdf': 'КР' }) },
    { field: 'user_request', value: 'Проверить\r\nвсё' },
  ]);
  assert.match(contentType, /^multipart\/form-data; boundary=----drs-client-[0-9a-f]{32}$/);
  const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  const files = form.getAll('files') as File[];
  assert.deepEqual(
    files.map((f) => f.name),
    ['Том "1" — ПЗ.pdf', 'КР.pdf'],
  );
  assert.equal(await files[0]!.text(), '%PDF-1.7\r\n--не граница\r\nконец');
  assert.equal(files[0]!.type, 'application/pdf');
  assert.equal(await files[1]!.text(), 'второй');
  assert.equal(form.get('kinds'), '{"КР.pdf":"КР"}');
  assert.equal(form.get('user_request'), 'Проверить\r\nвсё');
});

test('a file is opened only when the body reaches it (the set is never read ahead)', async () => {
  const opened: string[] = [];
  const part = (name: string): FilePart => ({
    field: 'files',
    filename: name,
    contentType: 'application/pdf',
    open: () => {
      opened.push(name);
      return bytes(`content of ${name}`);
    },
  });
  const reader = multipartBody([part('a.pdf'), part('b.pdf'), part('c.pdf')]).body.getReader();
  await reader.read(); // header of a.pdf
  assert.deepEqual(opened, []);
  await reader.read(); // content of a.pdf
  assert.deepEqual(opened, ['a.pdf']);
  await reader.cancel();
  assert.deepEqual(opened, ['a.pdf'], 'nothing more is opened after the request is abandoned');
});

test('folders expand to their files in name order; hidden files are skipped; one name twice is refused', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'drs-client-folder-'));
  try {
    await mkdir(join(dir, 'Context'));
    await writeFile(join(dir, 'Б.pdf'), 'b');
    await writeFile(join(dir, 'А.pdf'), 'a');
    await writeFile(join(dir, '.DS_Store'), 'x');
    await writeFile(join(dir, 'Context', 'ТЗ.docx'), 'tz');
    const resolved = await resolveSources([dir]);
    assert.deepEqual(
      resolved.parts.map((p) => p.filename),
      ['ТЗ.docx', 'А.pdf', 'Б.pdf'],
    );
    assert.equal(resolved.totalBytes, 4);
    assert.equal(resolved.parts[0]!.contentType, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    assert.equal(resolved.repeatable, true);

    await writeFile(join(dir, 'Context', 'А.pdf'), 'again');
    await assert.rejects(resolveSources([dir]), (e: unknown) => e instanceof DrsUsageError && /А\.pdf/.test(e.message));
    await assert.rejects(resolveSources([join(dir, 'нет такого')]), DrsUsageError);
    await assert.rejects(resolveSources([]), DrsUsageError);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
