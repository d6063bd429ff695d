import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { Client, errorDetail, form } from '../helpers/client.ts';
import { rarStored, rawZip } from './archive-builders.ts';

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

/** The program's children of this process now, as `ps` names them. */
const ownChildren = () =>
  execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);

// In process (tests, the in-process mode) and in the API's kept children (`drs serve`): the same answers.
for (const children of [false, true])
  describe(`POST /imports/preview (real server${children ? ', unpacked in a kept child' : ''})`, () => {
    let server: InProcessServer;
    let api: Client;

    before(async () => {
      server = await startApp({ children });
      api = new Client(server.baseUrl, (await server.createOrg({ checks: 2, 'max-files': 3 })).api_key);
    });
    after(() => server.stop());

    const leftovers = async () => readdir(join(server.dataDir, 'tmp', 'preview')).catch(() => []);

    test('lists documents with exact paths, sizes and guesses; creates no run and charges nothing', async () => {
      const zip = rawZip([
        { name: 'ПД/24-017-КР.pdf', data: PDF, flags: 0x800 },
        { name: 'Context/ТУ.pdf', data: PDF, flags: 0x800 },
        { name: 'notes.txt', data: Buffer.from('x') },
      ]);
      const r = await api.postForm('/imports/preview', form([{ name: 'комплект.zip', content: zip, field: 'file' }]));
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.json.documents, [
        { name: 'ПД/24-017-КР.pdf', size: PDF.length, kind_guess: 'КР' },
        { name: 'Context/ТУ.pdf', size: PDF.length, kind_guess: null },
      ]);
      assert.equal(r.json.skipped.length, 1);
      assert.equal(r.json.skipped[0].name, 'notes.txt');
      assert.match(r.json.skipped[0].reason, /не поддерживается/);
      const runs = await api.get('/runs');
      assert.deepEqual(runs.json.runs, []);
      const me = await api.get('/me');
      assert.equal(me.status, 200, me.text);
      assert.equal(me.json.checks_left, 2);
      assert.deepEqual(await leftovers(), []);
      const reportChild = ownChildren().some((args) => /job-child reports/.test(args));
      assert.equal(reportChild, children, children ? 'the archive was unpacked in a report child' : 'no child in process mode');
    });

    test('RAR archives are previewed too', async () => {
      const rar = rarStored([{ name: 'Том 5.1 ИОС1.pdf', data: PDF }]);
      const r = await api.postForm('/imports/preview', form([{ name: 'set.rar', content: rar, field: 'file' }]));
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.json.documents, [{ name: 'Том 5.1 ИОС1.pdf', size: PDF.length, kind_guess: 'ИОС1' }]);
    });

    test('errors: not an archive, corrupt archive, no file, the organization limit on documents', async () => {
      const notArchive = await api.postForm('/imports/preview', form([{ name: 'a.pdf', content: PDF, field: 'file' }]));
      assert.equal(notArchive.status, 400);
      assert.deepEqual([errorDetail(notArchive).error, errorDetail(notArchive).file], ['bad_format', 'a.pdf']);

      const good = rawZip([{ name: 'a.pdf', data: PDF }]);
      const corrupt = await api.postForm('/imports/preview', form([{ name: 'cut.zip', content: good.subarray(0, good.length - 25), field: 'file' }]));
      assert.equal(corrupt.status, 400);
      assert.deepEqual([errorDetail(corrupt).error, errorDetail(corrupt).file], ['bad_format', 'cut.zip']);

      const none = await api.postForm('/imports/preview', form([], { comment: 'x' }));
      assert.equal(none.status, 400);
      assert.equal(errorDetail(none).error, 'no_files');

      const four = rawZip([1, 2, 3, 4].map((i) => ({ name: `${i}.pdf`, data: PDF })));
      const many = await api.postForm('/imports/preview', form([{ name: 'four.zip', content: four, field: 'file' }]));
      assert.equal(many.status, 400);
      assert.equal(errorDetail(many).error, 'too_many_files');
      assert.deepEqual(await leftovers(), []);
    });

    test('requires the key, and is described in openapi.json', async () => {
      const anon = new Client(server.baseUrl, null);
      const r = await anon.postForm('/imports/preview', form([{ name: 'a.zip', content: rawZip([{ name: 'a.pdf', data: PDF }]), field: 'file' }]));
      assert.equal(r.status, 401);
      const doc = await anon.get('/openapi.json');
      assert.ok(doc.json.paths['/imports/preview']?.post, 'path documented');
    });
  });
