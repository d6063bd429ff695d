/**
 * The page viewer of the findings page on real sheets (Chromium; the service in the test process, `startApp`): a
 * finding whose evidence after its place is the service's own sentence gets no rectangle and says the place is the
 * page, while a quote of the sheet's words is highlighted; the title block's corner of an A4 portrait, an A4
 * landscape (its block along the right edge, turned upright), an A4 landscape with its block at the bottom and an A3;
 * an A2 sheet zoomed in drawn again sharper (`?zoom=2`, `?zoom=3` in a wider window), its highlight still on its words.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { createBlobStore } from '../../src/blobs/index.ts';
import { makeSheetsPdf } from '../helpers/fixtures.ts';
import { insertPdfDocuments, insertResult, insertRun } from '../helpers/rows.ts';
import { makeResult } from '../report/fixture.ts';
import type { Finding, PageRef } from '../../src/kernel/result.ts';
import { launchBrowser, screenshot, signedInPage } from './browser.ts';

let server: InProcessServer;
let browser: Browser;
let page: Page;
let origin: string;
let runId: string;

const KEYS = { reportMdKey: 'md', reportPdfKey: null, sectionPdfKeys: {}, themePdfKeys: {}, reportZipKey: null };
const DOC = '24-017-КР.pdf';
const TITLE = 'Проектная документация разработана в соответствии с заданием на проектирование и действующими нормами.';

const ref = (docPage: number): PageRef => ({
  page: docPage,
  in_docset: true,
  kind: 'КР',
  doc_index: 1,
  doc_page: docPage,
  label: `лист ${docPage} тома 24-017-КР (стр. ${docPage})`,
});

function finding(n: number, over: Partial<Finding>): Finding {
  const base = makeResult(1).findings[0]!;
  return { ...base, n, finding_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, section: 'КР', ...over };
}

before(async () => {
  server = await startApp();
  origin = server.baseUrl.replace('/api/v1', '');
  const org = await server.createOrg({ checks: 2 });
  const owner = { tenantId: org.tenant_id, keyId: org.key_id };
  const blobs = await createBlobStore(server.config);
  const sheets = await makeSheetsPdf([
    { widthMm: 210, heightMm: 297, text: TITLE },
    { widthMm: 297, heightMm: 210, text: 'Ведомость рабочих чертежей основного комплекта' },
    { widthMm: 297, heightMm: 210, text: 'Спецификация элементов', along: 'bottom' },
    { widthMm: 420, heightMm: 297, text: 'Схема расположения фундаментов' },
    { widthMm: 594, heightMm: 420, text: 'План монолитного перекрытия на отм. +3.300. Армирование плиты выполнить по серии 2.140-1.' },
  ]);
  runId = await insertRun(server.store.db, owner);
  await insertPdfDocuments(server.store.db, blobs, runId, [{ name: DOC, content: sheets, pages: 5 }]);
  const result = makeResult(0);
  result.findings = [
    finding(1, {
      check_id: 'consistency.cipher',
      essence: 'Шифр тома указывает на другой раздел.',
      // after its place, the service's own sentence: its words («документ», «разделу») stand on the sheet elsewhere
      evidence_text: `док. 1 «${DOC}», с. 1: шифр 24-017-КР указывает на раздел КР, тогда как документ относится к разделу АР (определено по титульному листу).`,
      page_refs: [ref(1)],
      pages: [1],
    }),
    finding(2, {
      check_id: 'consistency.values',
      essence: 'Основание разработки указано иначе, чем в задании.',
      evidence_text: `док. 1 «${DOC}», с. 1: «Проектная документация разработана в соответствии с заданием на проектирование»`,
      page_refs: [ref(1)],
      pages: [1],
    }),
    finding(3, {
      check_id: 'titleblock.missing_roles',
      essence: 'В основных надписях нет фамилии нормоконтролёра.',
      evidence_text: 'Н. контр. — строки нет: с. 1–4\nПроверено листов с подписями: 4.',
      page_refs: [ref(1), ref(2), ref(3), ref(4)],
      pages: [1, 2, 3, 4],
    }),
    finding(4, {
      check_id: 'consistency.values',
      essence: 'Серия армирования не соответствует расчёту.',
      evidence_text: `док. 1 «${DOC}», с. 5: «Армирование плиты выполнить по серии 2.140-1»`,
      page_refs: [ref(5)],
      pages: [5],
    }),
  ];
  result.counts = { total: 4, critical: 0, significant: 4, minor: 0 };
  await insertResult(server.store.db, { runId, tenantId: org.tenant_id }, result, KEYS);
  browser = await launchBrowser();
  page = await signedInPage(browser, origin, org.api_key);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The viewer of the finding's first page, its picture loaded and its words come (the note or a highlight drawn). */
async function openFinding(n: number): Promise<Locator> {
  await page.goto(`${origin}/#/runs/${runId}/findings/${n}`);
  await page.getByRole('heading', { name: `Замечание № ${n}` }).waitFor();
  const view = page.locator('.page-view').first();
  await page.waitForFunction(
    (el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0,
    await view.locator('img.page-picture').elementHandle(),
  );
  await page.waitForFunction((el) => !!el && (el.querySelector('.highlight') || el.querySelector('.highlight-note')?.textContent), await view.elementHandle(), {
    timeout: 30_000,
  });
  return view;
}

test("the service's own words are never highlighted: no rectangle, and the place is said to be the page", async () => {
  const view = await openFinding(1);
  assert.equal(await view.locator('.highlight').count(), 0);
  assert.match(
    await view.locator('.highlight-note').innerText(),
    /Слова документа, которые цитирует замечание, на этой странице не найдены\. Замечание указывает на страницу целиком/,
  );
  await view.scrollIntoViewIfNeeded();
  await screenshot(page, 'page-no-passage');
  // the sheet's own words, quoted, are highlighted on the same page
  const quoted = await openFinding(2);
  assert.ok((await quoted.locator('.highlight').count()) > 0);
  assert.equal(await quoted.locator('.highlight-note').innerText(), '');
});

test('the title block of A4 portrait and landscape and of A3 sheets: the corner with the block, upright, readable', async () => {
  await openFinding(3);
  const corners = page.locator('img.title-block-picture');
  assert.equal(await corners.count(), 4, 'one per cited sheet, A4 included');
  const sizes = [];
  for (let i = 0; i < 4; i++) {
    const corner = corners.nth(i);
    await page.waitForFunction((el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0, await corner.elementHandle());
    sizes.push(await corner.evaluate((el) => [(el as HTMLImageElement).naturalWidth, (el as HTMLImageElement).naturalHeight]));
  }
  // 200 × 70 mm on A4 at 216 dpi — the landscape's strip along its right edge turned upright — and 215 × 90 mm on A3
  assert.deepEqual(sizes, [
    [1701, 596],
    [1701, 596],
    [1701, 595],
    [1829, 766],
  ]);
  await corners.nth(1).scrollIntoViewIfNeeded();
  await screenshot(page, 'title-block-a4-landscape');
});

test('an A2 sheet zoomed in is drawn again sharper, at the zoom asked for, the highlight on its words', async () => {
  const view = await openFinding(4);
  const img = view.locator('img.page-picture');
  assert.equal(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth), 1600, 'the first picture');
  const mark = view.locator('.highlight').first();
  await mark.waitFor();
  // zoomed to the most in a window of 1,280 px: shown 3,346 px wide, so ?zoom=2 (3,200 px) is within a tenth of it
  for (let i = 0; i < 6; i++) await view.locator('button.zoom-in').click();
  await page.waitForFunction((el) => el instanceof HTMLImageElement && el.dataset.zoom === '2' && el.complete, await img.elementHandle(), { timeout: 30_000 });
  assert.match((await img.getAttribute('src')) ?? '', /\/documents\/1\/pages\/5\?zoom=2$/);
  assert.equal(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth), 3200);
  const [picture, box] = await Promise.all([img.boundingBox(), mark.boundingBox()]);
  assert.ok(picture && box && box.x >= picture.x && box.x + box.width <= picture.x + picture.width, 'the rectangle over the picture');
  await mark.scrollIntoViewIfNeeded();
  await screenshot(page, 'page-zoomed-a2');
  // a wider window shows it with more pixels than that: ?zoom=3, the 4,800 px asked for (205 dpi of an A2), no longer
  // stopped at 2× its points (3,368 px)
  await page.setViewportSize({ width: 2400, height: 1400 });
  await view.locator('button.zoom-out').click();
  await view.locator('button.zoom-in').click();
  await page.waitForFunction((el) => el instanceof HTMLImageElement && el.dataset.zoom === '3' && el.complete, await img.elementHandle(), { timeout: 30_000 });
  assert.match((await img.getAttribute('src')) ?? '', /\/documents\/1\/pages\/5\?zoom=3$/);
  assert.equal(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth), 4800);
});
