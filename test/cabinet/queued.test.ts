/**
 * The cabinet with a queued run (an API node without a worker): the list shows it and refreshes, the run page
 * cancels it (the check comes back), and the service's refusal of an upload is shown in its Russian message.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import type { CreatedOrg } from '../helpers/server.ts';
import { Client, form } from '../helpers/client.ts';
import { makeSimplePdf } from '../helpers/fixtures.ts';
import { launchBrowser, signedInPage } from './browser.ts';

let server: InProcessServer;
let org: CreatedOrg;
let api: Client;
let browser: Browser;
let page: Page;
let origin: string;
let dir: string;

before(async () => {
  server = await startApp();
  origin = server.baseUrl.replace('/api/v1', '');
  org = await server.createOrg({ checks: 2 });
  api = new Client(server.baseUrl, org.api_key);
  dir = await mkdtemp(join(tmpdir(), 'drs-cabinet-'));
  browser = await launchBrowser();
  page = await signedInPage(browser, origin, org.api_key);
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

test('a queued run is listed with its stage and cancelled from its page; the check comes back', async () => {
  const created = await api.postForm(
    '/runs',
    form([{ name: '24-017-ПЗ.pdf', content: await makeSimplePdf(2) }], { object_address: 'г. Тверь, ул. Советская, д. 1' }),
  );
  assert.equal(created.status, 201, created.text);
  const runId = created.json.run_id;
  // The list was empty when it loaded and nothing ran, so it is loaded again by navigation.
  await page.goto(`${origin}/#/new`);
  await page.goto(`${origin}/#/`);
  const row = page.locator('table.runs tbody tr').first();
  await row.waitFor();
  assert.match(await row.innerText(), /В очереди/);
  assert.match(await row.innerText(), /г\. Тверь/);
  await page.click(`a[href="#/runs/${runId}"]`);
  page.once('dialog', (d) => void d.accept());
  await page.click('#cancel');
  await page.getByText('Проверка отменена').waitFor();
  const status = (await api.get(`/runs/${runId}`)).json;
  assert.equal(status.status, 'failed');
  assert.equal(status.refunded, true);
  assert.equal((await api.get('/me')).json.checks_left, 2);
});

test('an upload the service refuses is explained in the contract message, and nothing is charged', async () => {
  await writeFile(join(dir, 'readme.bin'), Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]));
  await page.goto(`${origin}/#/new`);
  await page.setInputFiles('#files', join(dir, 'readme.bin'));
  await page.click('#submit');
  const error = page.locator('.new-run .error');
  await error.waitFor();
  const text = await error.innerText();
  const direct = await api.postForm('/runs', form([{ name: 'readme.bin', content: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]) }]));
  assert.equal(direct.status, 400);
  assert.ok(text.includes(direct.json.detail.message), `${text} / ${direct.json.detail.message}`);
  assert.equal((await api.get('/me')).json.checks_left, 2);
});
