/**
 * The cabinet's findings of the next round in a bundle: what changed since the last round (counts and the resolved
 * findings), a mark on every finding, a filter by it, and the previous round's decision beside a persisting finding;
 * the run page's line with the same counts.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { startServer, type TestServer } from '../helpers/server.ts';
import { Client } from '../helpers/client.ts';
import { publishSet, revisedSetForm } from '../feedback/published-set.ts';
import { designerBook } from '../feedback/designer-register.ts';
import { launchBrowser, signedInPage, screenshot } from './browser.ts';

let server: TestServer;
let browser: Browser;
let page: Page;
let origin: string;
let second: { runId: string; result: any };
let rejectedN: number;
let api: Client;

before(async () => {
  server = await startServer();
  origin = server.baseUrl.replace(/\/api\/v1$/, '');
  const org = await server.createOrg({ checks: 3 });
  api = new Client(server.baseUrl, org.api_key);
  const bundleId = (await api.post('/bundles', { label: 'ЖК на Чистопольской' })).json.bundle_id;
  const first = await publishSet(api, { bundle_id: bundleId });
  const area = first.result.findings.find((f: any) => /площадь застройки/.test(f.essence));
  assert.ok(area, 'the first round has the built-up area finding');
  rejectedN = area.n;
  const decided = await api.post(`/runs/${first.runId}/feedback`, {
    snapshot: first.result.feedback_snapshot,
    finding_id: area.finding_id,
    decision: 'rejected',
    reason: 'Площадь КР уточняется расчётом',
    version: 0,
    request_key: randomUUID(),
  });
  assert.equal(decided.status, 201, decided.text);
  const upload = await api.postForm('/runs', await revisedSetForm({ bundle_id: bundleId }));
  assert.equal(upload.status, 201, upload.text);
  assert.equal((await api.waitRun(upload.json.run_id, 180_000)).status, 'done');
  second = { runId: upload.json.run_id, result: (await api.get(`/runs/${upload.json.run_id}/findings`)).json };

  browser = await launchBrowser();
  page = await signedInPage(browser, origin, org.api_key, { width: 1280, height: 900 });
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

test('findings of the next round: what changed, marks, a filter, the previous decision beside a persisting finding', async () => {
  const { counts } = second.result.revision;
  await page.goto(`${origin}/#/runs/${second.runId}/findings`);
  const summary = page.locator('#revision');
  await summary.waitFor();
  assert.match(
    await summary.innerText(),
    new RegExp(`новых — ${counts.new}, повторных — ${counts.persisting}, устранено — ${counts.resolved}, том не представлен повторно — 0\\.`),
  );
  assert.match(await summary.locator('#round-documents').innerText(), /Том 4 КР изм1\.pdf\s+исправлен\s+было: 24-017-КР\.pdf/);
  await summary.locator('details.resolved summary').click();
  assert.match(await summary.locator('details.resolved').innerText(), /Адрес объекта различается в документах «24-017-КР\.pdf»/);

  assert.equal(await page.locator('.finding-item .rev').count(), second.result.findings.length, 'every finding is marked');
  await page.selectOption('#f-revision', 'new');
  const items = page.locator('.finding-item');
  assert.equal(await items.count(), counts.new);
  for (const text of await items.allInnerTexts()) assert.match(text, /Новое/);

  await page.selectOption('#f-revision', 'persisting');
  assert.equal(await items.count(), counts.persisting);
  await items.filter({ hasText: 'площадь застройки' }).click();
  const previous = page.locator('.finding-detail .previous-round');
  await previous.waitFor();
  const text = await previous.innerText();
  assert.match(text, new RegExp(`Замечание № ${rejectedN} прошлой проверки осталось`));
  assert.match(text, /Решение прошлого тура: Отклонено — «Площадь КР уточняется расчётом»/);
  assert.match(text, /к этому замечанию сами не применяются/);
  assert.match(await page.locator('.finding-detail .decision').innerText(), /Решения ещё нет/, 'the previous decision is not applied');
  await screenshot(page, 'findings-revision');

  // one action carries the previous round's decision over, as this key's new decision naming the old one
  await page.locator('#carry-over').click();
  await page.locator('.carry-over .carried').waitFor();
  assert.match(await page.locator('.carry-over').innerText(), /Перенесено решений: 1\./);
  await page.locator('.finding-detail .own-decision', { hasText: 'перенесено из прошлого тура' }).waitFor();
  assert.match(await page.locator('.finding-detail .own-decision').innerText(), /Отклонено .*Площадь КР уточняется расчётом.*перенесено из прошлого тура/);
  const carried = (await api.get(`/runs/${second.runId}/findings`)).json.feedback;
  assert.equal(carried.length, 1);
  assert.equal(carried[0].decision, 'rejected');
  assert.ok(carried[0].carried_from, 'the carried decision names the one it repeats');

  await page.goto(`${origin}/#/runs/${second.runId}`);
  const line = page.locator('#revision-line');
  await line.waitFor();
  assert.match(
    await line.innerText(),
    new RegExp(`новых — ${counts.new}, повторных — ${counts.persisting}, устранено — ${counts.resolved}, том не представлен повторно — 0\\.`),
  );
});

test('the designer answers uploaded from the filled register show beside the remark', async () => {
  const { book, sheet, header, headers, col } = await designerBook(api, second.runId);
  const row = sheet.getRow(header + 1);
  const findingId = String(row.getCell(headers.length).value);
  row.getCell(col('Ответ проектировщика')).value = 'Исправлено в томе, лист 2';
  row.getCell(col('Лист с исправлением')).value = '2';
  const n = second.result.findings.find((f: any) => f.finding_id === findingId).n;

  await page.goto(`${origin}/#/runs/${second.runId}/findings/${n}`);
  await page.locator('#answers-file').setInputFiles({
    name: 'Реестр с ответами.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await book.xlsx.writeBuffer()),
  });
  await page.locator('#answers-upload').click();
  await page.locator('.answers-taken').waitFor();
  assert.match(await page.locator('.answers-taken').innerText(), /Принято ответов: 1;/);
  const answer = page.locator('.finding-detail .designer-answer');
  await answer.waitFor();
  assert.match(await answer.innerText(), /Исправлено в томе, лист 2[\s\S]*Лист с исправлением: 2/);
  await screenshot(page, 'findings-designer-answer');

  // a file that is not the register: the reason is said, nothing changes
  await page.locator('#answers-file').setInputFiles({ name: 'письмо.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('не книга') });
  await page.locator('#answers-upload').click();
  await page.locator('.reports .answers .error').waitFor();
  assert.match(await page.locator('.reports .answers .error').innerText(), /не является книгой XLSX/);
  assert.equal((await api.get(`/runs/${second.runId}/findings`)).json.designer_answers.length, 1);
});
