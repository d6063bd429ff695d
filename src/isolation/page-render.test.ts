import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeSimplePdf, slowPagePdf } from '../../test/helpers/fixtures.ts';
import { isolatedPageRenderer } from './page-render.ts';

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'drs-page-render-'));
  await writeFile(join(dir, 'two.pdf'), await makeSimplePdf(2));
  // hours of one core
  await writeFile(join(dir, 'hostile.pdf'), slowPagePdf(2_000_000));
  await writeFile(join(dir, 'broken.pdf'), '%PDF-1.7\nnot a PDF at all\n');
});
after(() => rm(dir, { recursive: true, force: true }));

/** Render children of this process still alive (Linux /proc). */
async function renderChildren(): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    // field 4 of stat is the parent's pid (after the name in parentheses)
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === process.pid && cmdline.includes('page-render-child.mjs')) found.push(Number(entry));
  }
  return found;
}

const job = (input: string, page = 1) => ({
  input: join(dir, input),
  mime: 'application/pdf',
  page,
  longestSide: 400,
  output: join(dir, `${input}-${page}.png`),
});

test('a page is rendered to PNG in a child, which is gone afterwards', async () => {
  const render = isolatedPageRenderer({ memoryMb: 512, timeoutMs: 30_000 });
  assert.deepEqual(await render(job('two.pdf', 2)), { kind: 'rendered' });
  const png = await readFile(join(dir, 'two.pdf-2.png'));
  assert.deepEqual([...png.subarray(1, 4)], [...Buffer.from('PNG')]);
  assert.deepEqual(await renderChildren(), []);
});

test("a page past the end is told apart from a failure, with the document's page count", async () => {
  const render = isolatedPageRenderer({ memoryMb: 512, timeoutMs: 30_000 });
  assert.deepEqual(await render(job('two.pdf', 3)), { kind: 'no_such_page', pages: 2 });
});

test('a file that is not a PDF fails, with the reason', async () => {
  const render = isolatedPageRenderer({ memoryMb: 512, timeoutMs: 30_000 });
  const outcome = await render(job('broken.pdf'));
  assert.equal(outcome.kind, 'failed');
  assert.ok(outcome.kind === 'failed' && outcome.reason.length > 0);
});

test('a hostile page is ended at the time limit, the child and its group with it', async () => {
  const render = isolatedPageRenderer({ memoryMb: 512, timeoutMs: 1500 });
  const started = Date.now();
  const outcome = await render(job('hostile.pdf'));
  assert.equal(outcome.kind, 'failed');
  assert.match(outcome.kind === 'failed' ? outcome.reason : '', /1500 ms/);
  assert.ok(Date.now() - started < 15_000, 'not rendered to the end');
  assert.deepEqual(await renderChildren(), []);
});

test("a render over its memory limit fails (the resident memory counts, mupdf's WebAssembly included)", async () => {
  // Node and mupdf alone take more than 48 MB: no page fits
  const render = isolatedPageRenderer({ memoryMb: 48, timeoutMs: 30_000 });
  const outcome = await render(job('two.pdf'));
  assert.equal(outcome.kind, 'failed');
  assert.match(outcome.kind === 'failed' ? outcome.reason : '', /memory limit \(48 MB\)/);
  assert.deepEqual(await renderChildren(), []);
});
