/**
 * Page pictures on the real program (SQLite, or PostgreSQL with TEST_DATABASE_URL): an organization past its
 * share of renders gets 429 in the contract's envelope with Retry-After while another organization's picture is
 * served; kill -9 of the server takes its render children with it (they watch the service, not only the other
 * way round); their scratch lies under DATA_DIR and the next start removes it; a failed render is answered
 * 503 pdf_unavailable with Retry-After and not tried again meanwhile; deleted documents' pictures are not served;
 * a page's words and its title block's corner are served to the run's organization alone.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openStore } from '../../src/store/db.ts';
import { LocalBlobStore } from '../../src/blobs/local-blob-store.ts';
import { startServer, type CreatedOrg, type TestServer } from '../helpers/server.ts';
import { insertPdfDocuments, insertRun } from '../helpers/rows.ts';
import { makeSimplePdf, slowPagePdf } from '../helpers/fixtures.ts';
import { alive } from '../helpers/processes.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Render children of the process `parent` (Linux /proc): their command line names page-render-child.mjs. */
async function renderChildrenOf(parent: number): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === parent && cmdline.includes('page-render-child.mjs')) found.push(Number(entry));
  }
  return found;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('page pictures on the real server', () => {
  let server: TestServer;
  let orgA: CreatedOrg;
  let orgB: CreatedOrg;
  let hostileRun: string;
  let plainRun: string;
  let origin: string;
  const picture = (org: CreatedOrg, runId: string, doc: number, page = 1) =>
    fetch(`${origin}/cabinet/runs/${runId}/documents/${doc}/pages/${page}`, { headers: { authorization: `Bearer ${org.api_key}` } });

  before(async () => {
    server = await startServer({
      args: ['--no-worker'],
      env: { PAGE_RENDER_SLOTS: '2', PAGE_RENDERS_PER_ORGANIZATION: '2', PAGE_RENDER_TIMEOUT_MS: '120000' },
    });
    origin = server.baseUrl.replace('/api/v1', '');
    orgA = await server.createOrg({ name: 'ООО «Тяжёлые листы»' });
    orgB = await server.createOrg({ name: 'ООО «Обычные листы»' });
    const store = await openStore({ dataDir: server.dataDir, databaseUrl: server.env.DATABASE_URL ?? null });
    const blobs = new LocalBlobStore(join(server.dataDir, 'blobs'));
    try {
      hostileRun = await insertRun(store.db, { tenantId: orgA.tenant_id, keyId: orgA.key_id });
      const hostile = slowPagePdf(2_000_000);
      await insertPdfDocuments(
        store.db,
        blobs,
        hostileRun,
        [1, 2, 3].map((n) => ({ name: `Тяжёлый-${n}.pdf`, content: hostile, pages: 1 })),
      );
      plainRun = await insertRun(store.db, { tenantId: orgB.tenant_id, keyId: orgB.key_id });
      await insertPdfDocuments(store.db, blobs, plainRun, [{ name: 'ПЗ.pdf', content: await makeSimplePdf(2), pages: 2 }]);
    } finally {
      await store.close();
    }
  });
  after(() => server.stop());

  test('429 past the share, the neighbour served, and kill -9 takes the render children and leaves scratch for the next start', async () => {
    const pending = [1, 2].map((doc) => picture(orgA, hostileRun, doc).catch(() => null));
    const renderer = await waitFor('the first hostile render', async () => (await renderChildrenOf(server.process.pid!))[0]);

    const refused = await picture(orgA, hostileRun, 3);
    assert.equal(refused.status, 429);
    assert.match(refused.headers.get('content-type') ?? '', /application\/json/);
    assert.ok(Number(refused.headers.get('retry-after')) >= 1, `Retry-After: ${refused.headers.get('retry-after')}`);
    assert.ok(refused.headers.get('x-request-id'));
    const body = (await refused.json()) as { detail: { error: string; message: string } };
    assert.equal(body.detail.error, 'too_many_requests');
    assert.match(body.detail.message, /изображений страниц/);

    const neighbour = await picture(orgB, plainRun, 1, 2);
    assert.equal(neighbour.status, 200);
    assert.equal(neighbour.headers.get('content-type'), 'image/png');
    assert.equal(
      Buffer.from(await neighbour.arrayBuffer())
        .subarray(1, 4)
        .toString(),
      'PNG',
    );
    assert.ok(alive(renderer), 'the hostile render was still running when the neighbour got its picture');

    const scratch = join(server.dataDir, 'tmp', 'render');
    assert.equal((await readdir(scratch)).length, 1, 'one source copy: the running render; the waiting one has none');

    await server.kill();
    await waitFor('the render child to end with its parent', async () => (alive(renderer) ? undefined : true), 10_000);
    await Promise.all(pending);
    assert.equal((await readdir(scratch)).length, 1, 'left by the killed server');

    await server.restart({ PAGE_RENDER_TIMEOUT_MS: '2000' });
    assert.deepEqual(await readdir(scratch), [], 'removed at start');
  });

  test('a failed render: 503 pdf_unavailable with Retry-After, then answered from memory without a render', async () => {
    const first = await picture(orgA, hostileRun, 1);
    assert.equal(first.status, 503);
    assert.equal(first.headers.get('retry-after'), '600');
    assert.equal(((await first.json()) as { detail: { error: string } }).detail.error, 'pdf_unavailable');
    const again = await picture(orgA, hostileRun, 1);
    assert.equal(again.status, 503);
    assert.ok(Number(again.headers.get('retry-after')) <= 600);
    const failures = server.logs().match(/page picture not rendered/g) ?? [];
    assert.equal(failures.length, 1, 'rendered once');
    // back to the long render time limit: 2 s was for the hostile page, and an ordinary page on a busy machine may take longer
    await server.restart();
  });

  test("words, the title block's corner and a zoom: served to the run's organization only, a bad crop or zoom refused in the envelope", async () => {
    const get = (org: CreatedOrg | null, path: string) =>
      fetch(`${origin}/cabinet/runs/${plainRun}/documents/1/pages/2${path}`, org ? { headers: { authorization: `Bearer ${org.api_key}` } } : {});
    const words = await get(orgB, '/words');
    assert.equal(words.status, 200);
    assert.match(words.headers.get('content-type') ?? '', /^application\/json/);
    const page = (await words.json()) as { source: string; words: { t: string }[] };
    assert.equal(page.source, 'text');
    assert.ok(page.words.some((w) => w.t === 'Лист'));
    const corner = await get(orgB, '?crop=title_block');
    assert.equal(corner.status, 200);
    assert.equal(corner.headers.get('content-type'), 'image/png');
    for (const path of ['/words', '?crop=title_block']) {
      const foreign = await get(orgA, path);
      assert.equal(foreign.status, 404, `another organization: ${path}`);
      assert.equal(((await foreign.json()) as { detail: { error: string } }).detail.error, 'not_found');
      assert.equal((await get(null, path)).status, 401, `no key: ${path}`);
    }
    const bad = await get(orgB, '?crop=everything');
    assert.equal(bad.status, 422, 'a parameter out of its schema, as everywhere in the API');
    const refusal = (await bad.json()) as { detail: { error: string; message: string } };
    assert.equal(refusal.detail.error, 'validation_error');
    assert.match(refusal.detail.message, /crop/);
    // a zoom is a picture like another: the run's organization only; past the service's sharpest, or with a crop, refused
    const sharper = await get(orgB, '?zoom=2');
    assert.equal(sharper.status, 200);
    assert.equal(sharper.headers.get('content-type'), 'image/png');
    assert.equal((await get(orgA, '?zoom=2')).status, 404);
    for (const path of ['?zoom=4', '?zoom=0', '?zoom=two', '?crop=title_block&zoom=2']) {
      const refused = await get(orgB, path);
      assert.equal(refused.status, 422, path);
      const body = (await refused.json()) as { detail: { error: string; message: string } };
      assert.equal(body.detail.error, 'validation_error');
      assert.match(body.detail.message, /zoom/, path);
    }
  });

  test('after the documents are deleted their pictures are not served', async () => {
    assert.equal((await picture(orgB, plainRun, 1, 1)).status, 200);
    const deleted = await fetch(`${server.baseUrl}/runs/${plainRun}/documents`, { method: 'DELETE', headers: { authorization: `Bearer ${orgB.api_key}` } });
    assert.ok(deleted.ok, `DELETE documents: ${deleted.status}`);
    const gone = await picture(orgB, plainRun, 1, 1);
    assert.equal(gone.status, 404);
    assert.match(((await gone.json()) as { detail: { message: string } }).detail.message, /Исходные документы проверки удалены/);
    const words = await fetch(`${origin}/cabinet/runs/${plainRun}/documents/1/pages/2/words`, { headers: { authorization: `Bearer ${orgB.api_key}` } });
    assert.equal(words.status, 404, 'nor their words');
  });
});
