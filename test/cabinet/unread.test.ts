/**
 * The cabinet with a run of which one document could not be read: the runs list and the run page never say
 * «Замечаний нет» for it; they name the unread document instead.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startServer, type TestServer } from '../helpers/server.ts';
import { Client, form } from '../helpers/client.ts';
import { makeSimplePdf } from '../helpers/fixtures.ts';
import { launchBrowser, signedInPage } from './browser.ts';

let server: TestServer;
let browser: Browser;
let page: Page;
let origin: string;
let runId: string;

before(async () => {
  server = await startServer();
  origin = server.baseUrl.replace(/\/api\/v1$/, '');
  const org = await server.createOrg({ checks: 2 });
  const api = new Client(server.baseUrl, org.api_key);
  const upload = await api.postForm(
    '/runs',
    form([
      { name: 'ПЗ.pdf', content: await makeSimplePdf(1) },
      { name: 'АР.pdf', content: Buffer.from('%PDF-1.7\nне PDF\n') },
    ]),
  );
  assert.equal(upload.status, 201, upload.text);
  const run = await api.waitRun(upload.json.run_id);
  assert.equal(run.status, 'done', JSON.stringify(run));
  runId = run.run_id;
  browser = await launchBrowser();
  page = await signedInPage(browser, origin, org.api_key);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

test('the runs list names the unread document instead of «Замечаний нет»', async () => {
  await page.goto(`${origin}/#/`);
  const row = page.locator('table.runs tbody tr').first();
  await row.locator('.unread').waitFor();
  const text = await row.innerText();
  assert.match(text, /Не прочитано: 1 документ/);
  assert.doesNotMatch(text, /Замечаний нет/);
  assert.match((await row.locator('.unread').getAttribute('title')) ?? '', /АР\.pdf — файл не является PDF/);
});

test('the run page marks the unread document with its reason', async () => {
  await page.goto(`${origin}/#/runs/${runId}`);
  await page.locator('#open-findings').waitFor();
  const body = await page.locator('main').innerText();
  assert.match(body, /Не прочитан: файл не является PDF/);
  assert.match(body, /Не прочитано: 1 документ/);
  assert.doesNotMatch(body, /Замечаний нет/);
});
