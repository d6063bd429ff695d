/**
 * The content map on the run page (Chromium): a checklist per volume with its counts and items by status, a page
 * jump that opens the page viewer on the cited page with the printed words highlighted, an item not found leading to
 * its question beside the findings; a result without a content map shows none.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { createBlobStore } from '../../src/blobs/index.ts';
import { makePdf } from '../helpers/fixtures.ts';
import { insertPdfDocuments, insertResult, insertRun } from '../helpers/rows.ts';
import { contentQuestion, makeContentMap } from '../helpers/content-map.ts';
import { makeResult } from '../report/fixture.ts';
import { launchBrowser, screenshot, signedInPage } from './browser.ts';

let server: InProcessServer;
let browser: Browser;
let page: Page;
let origin: string;
let runId: string;
let olderRunId: string;

const KEYS = { reportMdKey: 'md', reportPdfKey: null, sectionPdfKeys: {}, themePdfKeys: {}, reportZipKey: null };

before(async () => {
  server = await startApp();
  origin = server.baseUrl.replace('/api/v1', '');
  const org = await server.createOrg({ checks: 2 });
  const owner = { tenantId: org.tenant_id, keyId: org.key_id };
  const blobs = await createBlobStore(server.config);
  // the ПЗ's sheet 3 prints the heading the map found it by
  const pz = await makePdf([
    'Пояснительная записка. Титульный лист',
    '1. Основание для разработки проектной документации',
    '2. Исходные данные и условия для подготовки проектной документации',
    'Задание на проектирование от 12.03.2021 № 14',
    'Отчёт об инженерно-геологических изысканиях',
    'Технико-экономические показатели: площадь застройки — 1 245,0 м²',
  ]);
  const pzu = await makePdf(['Схема планировочной организации земельного участка', '1. Характеристика земельного участка', 'Лист 3', 'Лист 4']);

  runId = await insertRun(server.store.db, owner);
  await insertPdfDocuments(server.store.db, blobs, runId, [
    { name: '24-017-ПЗ.pdf', content: pz, pages: 6 },
    { name: '24-017-ПЗУ.pdf', content: pzu, pages: 4 },
  ]);
  const result = makeResult(6);
  const question = contentQuestion('q-pzu-12-zh', 4);
  result.questions.push(question);
  result.content_map = makeContentMap(
    { doc_index: 1, page_from: 1, cipher: '24-017-ПЗ', kind: 'ПЗ' },
    { doc_index: 2, page_from: 7, cipher: '24-017-ПЗУ', kind: 'ПЗУ' },
    { questionId: question.question_id, findingId: result.findings[1]!.finding_id },
  );
  await insertResult(server.store.db, { runId, tenantId: org.tenant_id }, result, KEYS);

  olderRunId = await insertRun(server.store.db, owner);
  await insertResult(server.store.db, { runId: olderRunId, tenantId: org.tenant_id }, makeResult(6), KEYS);

  browser = await launchBrowser();
  page = await signedInPage(browser, origin, org.api_key);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

test('the run page lists each volume with its counts, the missing items first, what does not apply folded', async () => {
  await page.goto(`${origin}/#/runs/${runId}`);
  const map = page.locator('section.content-map');
  await map.waitFor();
  assert.equal(await map.getAttribute('aria-labelledby'), 'content-map-title');
  assert.equal(await page.locator('#content-map-title').innerText(), 'Карта содержания томов');
  const volumes = map.locator('details.content-volume');
  assert.equal(await volumes.count(), 2);
  const pz = volumes.nth(0);
  assert.match(
    await pz.locator(':scope > summary').innerText(),
    /^Том 1 «24-017-ПЗ\.pdf» — ПЗ — 6 пунктов: не найдено: 1 · найдено: 3 · при условии: 1 · не применяется: 1$/,
  );
  assert.equal(await pz.evaluate((d) => (d as HTMLDetailsElement).open), true, 'a volume with items not found is open');
  assert.match(await pz.innerText(), /Требования: состав разделов до 01\.09\.2022\. Том прочитан полностью\./);
  const groups = await pz.locator('.content-group h3, .content-group > summary').allInnerTexts();
  assert.deepEqual(groups, ['Не найдено (1)', 'Найдено (3)', 'При условии (1)', 'Не применяется (1)']);
  await page.evaluate(() => document.getElementById('content-map-title')?.scrollIntoView());
  await screenshot(page, 'content-map');
  const na = pz.locator('details.content-group.na');
  assert.equal(await na.evaluate((d) => (d as HTMLDetailsElement).open), false, 'not applicable is folded');
  await na.locator('summary').click();
  assert.match(await na.innerText(), /п\. 10 «д».*\n?.*Применяется к объектам производственного назначения/);
  // an item not found raised as a finding links to it by its number
  assert.equal(await pz.locator('.s-not_found a.raised').getAttribute('href'), `#/runs/${runId}/findings/2`);
});

test('a page jump opens the page viewer on the cited page with the printed heading highlighted', async () => {
  await page.goto(`${origin}/#/runs/${runId}`);
  const item = page.locator('.content-item.s-found', { hasText: 'п. 10 «б»' });
  const jump = item.locator('button.page-jump');
  assert.equal(await jump.innerText(), 'лист 3 тома 24-017-ПЗ (стр. 3)', 'captioned by the PageRef label');
  assert.equal(await jump.getAttribute('aria-expanded'), 'false');
  const slot = page.locator(`#${await jump.getAttribute('aria-controls')}`);
  assert.equal(await slot.isHidden(), true);
  await jump.click();
  assert.equal(await jump.getAttribute('aria-expanded'), 'true');
  const picture = slot.locator('figure.page-view img.page-picture');
  await picture.waitFor();
  assert.match((await picture.getAttribute('src')) ?? '', new RegExp(`/cabinet/runs/${runId}/documents/1/pages/3$`));
  await page.waitForFunction((el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0, await picture.elementHandle());
  assert.equal(await slot.locator('figcaption').innerText(), 'лист 3 тома 24-017-ПЗ (стр. 3)');
  // the words the map found it by are marked on the page, as a finding's quote is
  await slot.locator('.highlight').first().waitFor();
  assert.equal(await slot.locator('.highlight-note').innerText(), '');
  await screenshot(page, 'content-map-page');
  await jump.click();
  assert.equal(await slot.isHidden(), true, 'the same button closes it');
});

test('an item not found leads to its question beside the findings', async () => {
  await page.goto(`${origin}/#/runs/${runId}`);
  const item = page.locator('.content-map details.content-volume').nth(1).locator('.content-item.s-not_found');
  assert.match(await item.innerText(), /п\. 12 «ж» описание решений по благоустройству территории\s+Вопрос 4: Не найдены сведения по п\. 12 «ж» Положения/);
  await item.locator('a.raised').click();
  const question = page.locator('.side-notes li.linked');
  await question.waitFor();
  assert.equal(await question.getAttribute('data-question-id'), 'q-pzu-12-zh');
  assert.match(await question.innerText(), /ПЗУ: Не найдены сведения по п\. 12 «ж»/);
  assert.equal(await question.evaluate((el) => el === document.activeElement), true, 'focused, so a keyboard or a reader lands on it');
});

test('a result published without a content map shows no checklist', async () => {
  await page.goto(`${origin}/#/runs/${olderRunId}`);
  await page.locator('#open-findings').waitFor();
  assert.equal(await page.locator('section.content-map').count(), 0);
});
