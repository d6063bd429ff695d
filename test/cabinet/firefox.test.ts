/**
 * The cabinet in Firefox (Debian's stock firefox-esr, driven over WebDriver BiDi) against the real program: a wrong
 * key, login, a set uploaded with chosen kinds, progress to done, a finding with its page picture and the quoted words
 * highlighted over it, zoomed, a decision, the
 * PDF report, logout; and at tablet width the runs list, the new review and the findings fit the screen (saved as
 * docs/cabinet/findings-tablet.png). One server and one browser for the whole file; skipped, saying why, where
 * Firefox is not installed.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'puppeteer-core';
import { firefoxMissing, launchPuppeteer, screenshot } from './browser.ts';
import { assertFits, measureLayout, PRIMARY, TABLET } from './layout.ts';
import { SET_ADDRESS, SET_KINDS, startCabinet, type Cabinet } from './setup.ts';

const DESKTOP = { width: 1280, height: 860 };
const RUN_TIMEOUT = 180_000;

describe('cabinet in Firefox', { skip: firefoxMissing() ?? false }, () => {
  let cabinet: Cabinet;
  let browser: Browser;
  let page: Page;
  let runId: string;
  let findingsUrl: string;
  /** Script errors and console errors of the page during the whole session: the cabinet must have none. */
  const errors: string[] = [];

  /** A same-origin request from the page, with its session cookie, as the cabinet's own scripts make them. */
  const pageFetch = (path: string) =>
    page.evaluate(async (p) => {
      const r = await fetch(p);
      const bytes = new Uint8Array(await r.arrayBuffer());
      return { status: r.status, type: r.headers.get('content-type'), head: String.fromCharCode(...bytes.subarray(0, 5)), size: bytes.length };
    }, path);
  const textOf = (selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText);
  const waitForText = (text: string, timeout = 30_000) => page.waitForFunction((t) => document.body.innerText.includes(t), { timeout }, text);

  before(async () => {
    cabinet = await startCabinet();
    browser = await launchPuppeteer('firefox');
    page = await browser.newPage();
    page.on('pageerror', (err) => errors.push(err instanceof Error ? err.message : String(err)));
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    await page.setViewport(DESKTOP);
  });
  after(async () => {
    await browser?.close();
    await cabinet?.stop();
  });

  test('a wrong key: a clear message and no session', async () => {
    await page.goto(`${cabinet.origin}/`);
    await page.waitForSelector('#key', { visible: true });
    await page.type('#key', 'drs_this-is-not-a-key');
    await page.click('button[type=submit]');
    await page.waitForSelector('.login .error', { visible: true });
    assert.match(await textOf('.login .error'), /Ключ не подошёл/);
    assert.deepEqual(await browser.cookies(), [], 'no session cookie');
  });

  test('login opens a session (HttpOnly cookie) and the empty runs list', async () => {
    await page.$eval('#key', (el) => ((el as HTMLInputElement).value = ''));
    await page.type('#key', cabinet.org.api_key);
    await page.click('button[type=submit]');
    await page.waitForSelector('.empty', { visible: true });
    const cookie = (await browser.cookies()).find((c) => c.name === 'drs_session');
    assert.equal(cookie?.httpOnly, true);
    assert.equal(cookie?.sameSite, 'Strict');
    assert.equal(await page.evaluate(() => document.cookie), '', 'the session cookie is not readable by scripts');
  });

  test('a new review: files chosen, kinds set, uploaded with an Idempotency-Key, then done', async () => {
    await page.click('a[href="#/new"]');
    const input = await page.waitForSelector('input#files');
    await input!.uploadFile(...cabinet.files);
    await page.waitForSelector('select[aria-label="Раздел документа Reviews/24-017-ПЗ.pdf"]');
    for (const [name, kind] of Object.entries(SET_KINDS)) await page.select(`select[aria-label="Раздел документа ${name}"]`, kind);
    await page.type('#address', SET_ADDRESS);
    const [upload] = await Promise.all([page.waitForRequest((r) => r.url().endsWith('/api/v1/runs') && r.method() === 'POST'), page.click('#submit')]);
    assert.ok(upload.headers()['idempotency-key'], 'the upload carries an Idempotency-Key');
    await page.waitForFunction(() => /^#\/runs\/[0-9a-f-]{36}$/.test(location.hash));
    runId = (await page.evaluate(() => location.hash)).split('/').pop()!;
    const run = (await cabinet.api.get(`/runs/${runId}`)).json;
    assert.deepEqual(
      Object.fromEntries(run.documents.map((d: any) => [d.name, [d.kind, d.kind_chosen]])),
      Object.fromEntries(Object.entries(SET_KINDS).map(([name, kind]) => [name, [kind, true]])),
    );
    assert.equal(run.object?.address, SET_ADDRESS);
    await page.waitForSelector('.badge.s-done', { timeout: RUN_TIMEOUT });
    await page.waitForSelector('#open-findings', { visible: true });
    assert.equal((await page.$$('table.docs tbody tr')).length, 3);
  });

  test('a finding with the picture of its page', async () => {
    await page.click('#open-findings');
    await page.waitForSelector('.finding-detail h2');
    // Go to the first finding that cites a page of the set; its picture must load (drawn on the server).
    const total = (await page.$$('.finding-item')).length;
    for (let i = 0; i < total && !(await page.$('img.page-picture')); i++) {
      const shown = await textOf('.finding-detail h2');
      await page.keyboard.press('j');
      await page.waitForFunction(
        (t) => document.querySelector('.finding-detail h2')?.textContent !== t || !document.querySelector('.finding-item.selected + .finding-item'),
        {},
        shown,
      );
    }
    await page.waitForSelector('img.page-picture');
    await page.waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>('img.page-picture');
        return !!img && img.complete && img.naturalWidth > 0;
      },
      { timeout: 60_000 },
    );
    const src = await page.$eval('img.page-picture', (el) => el.getAttribute('src')!);
    const png = await pageFetch(src);
    assert.deepEqual([png.status, png.type], [200, 'image/png']);
    assert.ok(await textOf('figcaption'), 'the picture is labelled from page_refs');
    assertFits(await page.evaluate(measureLayout, PRIMARY.findings), 'findings at 1280 px');
    findingsUrl = page.url();
    assert.match(findingsUrl, /#\/runs\/[0-9a-f-]{36}\/findings\/\d+$/);
  });

  test('a decision is recorded and visible through the API', async () => {
    const n = (await textOf('.finding-detail h2')).replace(/\D+/g, '');
    assert.doesNotMatch(await textOf('.finding-detail .decision'), /\bnull\b/, 'no stray «null» under the buttons');
    await page.type('#reason', 'Адрес в разделе КР расходится с ПЗ');
    await page.click('button[data-decision=accepted]');
    await waitForText('Ваше решение: Принято (версия 1)');
    assert.match(await textOf('.own-decision'), /«Адрес в разделе КР расходится с ПЗ»/, 'the reason is shown');
    const result = (await cabinet.api.get(`/runs/${runId}/findings`)).json;
    const finding = result.findings.find((f: any) => String(f.n) === n);
    const decision = result.feedback.find((d: any) => d.finding_id === finding.finding_id);
    assert.deepEqual([decision?.decision, decision?.reason], ['accepted', 'Адрес в разделе КР расходится с ПЗ']);
  });

  test('filters and the finding kept in the address through reload; Enter opens an item; r focuses the reason', async () => {
    const section = await page.$eval('#f-section option:nth-child(2)', (o) => (o as HTMLOptionElement).value);
    await page.select('#f-section', section);
    await page.waitForFunction((s) => location.hash.includes(`?section=${encodeURIComponent(s)}`), {}, section);
    const hash = await page.evaluate(() => location.hash);
    await page.reload();
    await page.waitForSelector('.finding-detail h2');
    assert.equal(await page.evaluate(() => location.hash), hash);
    assert.equal(await page.$eval('#f-section', (el) => (el as HTMLSelectElement).value), section);
    await page.select('#f-section', '');
    await page.waitForSelector('.finding-item:nth-child(2)');
    await page.focus('.finding-item:nth-child(2)');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.finding-item:nth-child(2).selected');
    await page.click('.finding-detail h2');
    await page.keyboard.press('r');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'reason');
    await page.keyboard.press('Escape');
    await page.$eval('#reason', (el) => (el as HTMLElement).blur());
    await page.evaluate((u) => (location.hash = new URL(u).hash), findingsUrl);
    await page.waitForFunction((u) => location.hash === new URL(u).hash, {}, findingsUrl);
  });

  test('the quoted words highlighted over the page picture; the + key and the buttons zoom', async () => {
    const result = (await cabinet.api.get(`/runs/${runId}/findings`)).json;
    const finding = result.findings.find((f: any) => f.check_id === 'consistency.address');
    assert.ok(finding, 'the set has an address finding');
    await page.evaluate((hash) => (location.hash = hash), `#/runs/${runId}/findings/${finding.n}`);
    await page.waitForSelector('.page-view .highlight', { timeout: 60_000 });
    const geometry = () =>
      page.$eval('.page-view', (fig) => {
        // no named function in here: the page gets this function's text, without what the test's compiler defines beside it
        const [img, mark, frame] = ['img.page-picture', '.highlight', '.page-frame'].map((s) => fig.querySelector(s)!.getBoundingClientRect()) as [
          DOMRect,
          DOMRect,
          DOMRect,
        ];
        return {
          over: mark.left >= img.left && mark.top >= img.top && mark.right <= img.right && mark.bottom <= img.bottom,
          inView: mark.top >= frame.top && mark.bottom <= frame.bottom && mark.left >= frame.left && mark.right <= frame.right,
          at: (mark.left - img.left) / img.width,
          width: img.width,
          zoom: Number(fig.querySelector('.zoom-level')!.textContent!.replace(/\D+/g, '')),
        };
      });
    const opened = await geometry();
    assert.ok(opened.over, 'the highlight lies over the picture');
    assert.ok(opened.inView, 'opened on it');
    assert.ok(opened.zoom > 100, `opened zoomed: ${opened.zoom} %`);
    await page.click('.finding-detail h2');
    await page.keyboard.press('+');
    const zoomed = await geometry();
    assert.ok(zoomed.zoom > opened.zoom && zoomed.width > opened.width, 'the + key zooms in');
    await page.click('.page-view button.zoom-fit');
    const fit = await geometry();
    assert.equal(fit.zoom, 100);
    assert.ok(fit.width < zoomed.width);
    assert.ok(Math.abs(fit.at - opened.at) < 0.01, 'the highlight stays on its words at every zoom');
    await page.evaluate((u) => (location.hash = new URL(u).hash), findingsUrl);
    await page.waitForFunction((u) => location.hash === new URL(u).hash, {}, findingsUrl);
  });

  test('at tablet width the runs list, the new review and the findings fit the screen', async () => {
    await page.setViewport(TABLET);
    try {
      await page.click('a[href="#/"]');
      await page.waitForSelector('table.runs');
      assertFits(await page.evaluate(measureLayout, PRIMARY.runs), 'runs');
      await page.click('a[href="#/new"]');
      const input = await page.waitForSelector('input#files');
      await input!.uploadFile(...cabinet.files);
      await page.waitForSelector('select[aria-label="Раздел документа Reviews/24-017-ПЗ.pdf"]');
      assertFits(await page.evaluate(measureLayout, PRIMARY.newRun), 'new review');
      await page.evaluate((hash) => (location.hash = hash), new URL(findingsUrl).hash);
      await page.waitForSelector('img.page-picture');
      assertFits(await page.evaluate(measureLayout, PRIMARY.findings), 'findings');
      await screenshot(page, 'findings-tablet');
    } finally {
      await page.setViewport(DESKTOP);
    }
  });

  test('the overall PDF report: the link answers with a PDF', async () => {
    await page.evaluate((id) => (location.hash = `#/runs/${id}`), runId);
    const link = await page.waitForSelector('::-p-text(Общий отчёт PDF)');
    const href = await link!.evaluate((a) => (a as HTMLAnchorElement).getAttribute('href')!);
    assert.equal(href, `/api/v1/runs/${runId}/report.pdf`);
    const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith(href)), link!.click()]);
    assert.equal(response.status(), 200);
    assert.equal(response.headers()['content-type'], 'application/pdf');
    const pdf = await pageFetch(href);
    assert.deepEqual([pdf.status, pdf.head], [200, '%PDF-']);
    assert.ok(pdf.size > 1000, `${pdf.size} bytes`);
  });

  test('the organization page: limits, usage chart', async () => {
    await page.click('a[href="#/account"]');
    await page.waitForSelector('svg.chart rect');
    assert.match(await textOf('#checks-left'), /4 проверки/);
  });

  test('no script or console error in the whole session', () => {
    assert.deepEqual(errors, []);
  });

  test('logout ends the session', async () => {
    await page.click('#logout');
    await page.waitForSelector('#key', { visible: true });
    assert.equal((await pageFetch('/cabinet/session')).status, 401);
    assert.equal((await pageFetch('/api/v1/me')).status, 401);
  });
});
