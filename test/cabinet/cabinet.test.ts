/**
 * The cabinet in a real browser (headless Chromium) against the real program: wrong key, login, upload of a set
 * with an archive and chosen kinds, progress to done, a finding with its page picture, a decision seen through the
 * API's /findings, the quoted words highlighted over the picture with zoom and pan, the screens at tablet width, a PDF download, logout; the key in no response, URL, storage or log after login; a
 * state-changing request without the CSRF token refused; a session ended by key revocation and by suspension.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer, CreatedOrg } from '../helpers/server.ts';
import type { Client } from '../helpers/client.ts';
import { launchBrowser, screenshot } from './browser.ts';
import { assertFits, measureLayout, PRIMARY, TABLET } from './layout.ts';
import { SET_ADDRESS, SET_KINDS, startCabinet, type Cabinet } from './setup.ts';

describe('cabinet in a browser', () => {
  let cabinet: Cabinet;
  let server: TestServer;
  let org: CreatedOrg;
  let api: Client;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let origin: string;
  let runId: string;
  let loggedIn = false;
  /** Every response body and URL after login, checked for the key at the end. */
  const seen: { url: string; body: Buffer }[] = [];

  before(async () => {
    cabinet = await startCabinet({ employees: 'true' });
    ({ server, origin, org, api } = cabinet);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'ru-RU', acceptDownloads: true });
    page = await context.newPage();
    page.on('response', async (r) => {
      if (!loggedIn) return;
      const body = await r.body().catch(() => Buffer.alloc(0));
      const headers = JSON.stringify({ response: await r.allHeaders(), request: await r.request().allHeaders() });
      seen.push({ url: r.url(), body: Buffer.concat([body, Buffer.from(headers)]) });
    });
  });
  after(async () => {
    await browser?.close();
    await cabinet?.stop();
  });

  test('a wrong key: a clear message and no session', async () => {
    await page.goto(`${origin}/`);
    await page.fill('#key', 'drs_this-is-not-a-key');
    await page.click('button[type=submit]');
    const error = page.locator('.login .error');
    await error.waitFor({ state: 'visible' });
    assert.match(await error.innerText(), /Ключ не подошёл/);
    assert.equal((await context.cookies()).length, 0, 'no session cookie');
    await screenshot(page, 'login');
  });

  test('the page forbids framing and inline scripts; assets are fingerprinted and immutable', async () => {
    const shell = await fetch(`${origin}/`);
    const csp = shell.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.equal(shell.headers.get('x-frame-options'), 'DENY');
    const html = await shell.text();
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script');
    const asset = /src="(\/assets\/[0-9a-f]{12}\/app\.js)"/.exec(html)?.[1];
    assert.ok(asset, html);
    const js = await fetch(`${origin}${asset}`);
    assert.equal(js.status, 200);
    assert.match(js.headers.get('cache-control') ?? '', /immutable/);
    assert.match(js.headers.get('content-type') ?? '', /javascript/);
    assert.equal((await fetch(`${origin}/assets/000000000000/app.js`)).status, 404);
  });

  test('behind HTTPS (X-Forwarded-Proto) the cookie is Secure; a foreign Origin cannot log in', async () => {
    const behindProxy = await fetch(`${origin}/cabinet/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ key: org.api_key }),
    });
    assert.equal(behindProxy.status, 201);
    assert.match(behindProxy.headers.get('set-cookie') ?? '', /; Secure/);
    const foreign = await fetch(`${origin}/cabinet/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ key: org.api_key }),
    });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.headers.get('set-cookie'), null);
    const form = await fetch(`${origin}/cabinet/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `key=${org.api_key}`,
    });
    assert.equal(form.status, 415);
  });

  test('login opens a session cookie (HttpOnly, SameSite=Strict) and an empty runs list', async () => {
    await page.fill('#key', org.api_key);
    await page.click('button[type=submit]');
    loggedIn = true;
    await page.locator('.empty').waitFor();
    const [cookie] = await context.cookies();
    assert.equal(cookie?.name, 'drs_session');
    assert.equal(cookie?.httpOnly, true);
    assert.equal(cookie?.sameSite, 'Strict');
    assert.notEqual(cookie?.value, org.api_key);
    assert.equal(await page.locator('#key').count(), 0, 'the form is gone');
  });

  test('a new review: archive previewed, kinds chosen, one Idempotency-Key, then progress to done', async () => {
    const bundle = await api.post('/bundles', { label: 'ЖК «Чистопольский»' });
    assert.equal(bundle.status, 201, bundle.text);
    await page.click('a[href="#/new"]');
    await page.locator('#bundle').selectOption(bundle.json.bundle_id);
    await page.setInputFiles('#files', cabinet.files);
    await page.getByLabel('Раздел документа Reviews/24-017-ПЗ.pdf').waitFor();
    for (const [name, kind] of Object.entries(SET_KINDS)) await page.getByLabel(`Раздел документа ${name}`).selectOption(kind);
    await page.fill('#address', SET_ADDRESS);
    await screenshot(page, 'new-run');
    const polls: { url: string; at: number }[] = [];
    const onRequest = (r: { url(): string; method(): string }) => r.method() === 'GET' && polls.push({ url: r.url(), at: Date.now() });
    page.on('request', onRequest);
    const [request] = await Promise.all([page.waitForRequest((r) => r.url().endsWith('/api/v1/runs') && r.method() === 'POST'), page.click('#submit')]);
    assert.ok(request.headers()['idempotency-key'], 'the upload carries an Idempotency-Key');
    await page.waitForURL(/#\/runs\/[0-9a-f-]{36}$/);
    runId = page.url().split('/').pop()!;
    const run = (await api.get(`/runs/${runId}`)).json;
    assert.equal(run.bundle?.label, 'ЖК «Чистопольский»');
    assert.deepEqual(
      Object.fromEntries(run.documents.map((d: any) => [d.name, [d.kind, d.kind_chosen]])),
      Object.fromEntries(Object.entries(SET_KINDS).map(([name, kind]) => [name, [kind, true]])),
    );
    const progress = await Promise.race([
      page
        .locator('.progress')
        .waitFor({ timeout: 180_000 })
        .then(() => true),
      page
        .locator('.badge.s-done')
        .waitFor({ timeout: 180_000 })
        .then(() => false),
    ]);
    if (progress) await screenshot(page, 'run-progress');
    await page.locator('.badge.s-done').waitFor({ timeout: 180_000 });
    await page.locator('#open-findings').waitFor();
    // The run is polled no more often than the contract's rule (once per 5 s; never more than once per 2 s).
    const statusPolls = polls.filter((p) => p.url.endsWith(`/api/v1/runs/${runId}`)).map((p) => p.at);
    for (let i = 1; i < statusPolls.length; i++) assert.ok(statusPolls[i]! - statusPolls[i - 1]! >= 2000, `polls ${statusPolls.join(', ')}`);
    assert.equal(await page.locator('table.docs tbody tr').count(), 3);
    await screenshot(page, 'run');
    await page.click('a[href="#/"]');
    await page.locator('table.runs').waitFor();
    const row = await page.locator('table.runs tbody tr').first().innerText();
    assert.match(row, /Готово/);
    const counts = (await api.get(`/runs/${runId}/findings`)).json.counts;
    assert.match(row, new RegExp(`${counts.total} замечани`), 'findings by importance in the list');
    assert.match(row, new RegExp(`Существенное: ${counts.significant}`));
    await screenshot(page, 'runs');
    // Nothing runs: the list is not refreshed again.
    const before = polls.length;
    await page.waitForTimeout(5500);
    assert.equal(polls.filter((p, i) => i >= before && p.url.includes('/cabinet/runs')).length, 0, 'no refresh when nothing runs');
    page.off('request', onRequest);
  });

  test('a finding with the picture of its page, keyboard navigation', async () => {
    await page.goto(`${origin}/#/runs/${runId}/findings`);
    await page.locator('.finding-detail h2').waitFor();
    const first = await page.locator('.finding-detail h2').innerText();
    await page.keyboard.press('j');
    await page.waitForFunction((t) => document.querySelector('.finding-detail h2')?.textContent !== t, first);
    await page.keyboard.press('k');
    await page.waitForFunction((t) => document.querySelector('.finding-detail h2')?.textContent === t, first);
    // Go to the first finding that cites a page of the set, and wait for its picture to load.
    const total = await page.locator('.finding-item').count();
    for (let i = 0; i < total && !(await page.locator('img.page-picture').count()); i++) await page.keyboard.press('j');
    const img = page.locator('img.page-picture').first();
    await img.waitFor();
    await page.waitForFunction(() => {
      const el = document.querySelector('img.page-picture') as HTMLImageElement | null;
      return !!el && el.complete && el.naturalWidth > 100;
    });
    const src = await img.getAttribute('src');
    const png = await context.request.get(`${origin}${src}`);
    assert.equal(png.status(), 200);
    assert.equal(png.headers()['content-type'], 'image/png');
    assert.ok(await page.locator('figcaption').first().innerText());
    // The address names the finding on screen and opens it again.
    const n = (await page.locator('.finding-detail h2').innerText()).replace(/\D+/g, '');
    assert.ok(page.url().endsWith(`/findings/${n}`), page.url());
    await page.goto(`${origin}/#/runs/${runId}/findings/1`);
    await page.reload();
    await page.getByRole('heading', { name: 'Замечание № 1' }).waitFor();
    await page.goto(`${origin}/#/runs/${runId}/findings/${n}`);
    await page.getByRole('heading', { name: `Замечание № ${n}` }).waitFor();
    await img.waitFor();
    await screenshot(page, 'findings');
    await img.scrollIntoViewIfNeeded();
    await screenshot(page, 'page-picture');
  });

  test('a decision is recorded and visible through the API', async () => {
    const n = (await page.locator('.finding-detail h2').innerText()).replace(/\D+/g, '');
    await page.fill('#reason', 'Подтверждаю: адрес в разделе КР расходится с ПЗ');
    // The organization works with employees: the form asks for the reason code and the employee.
    await page.fill('#reason-code', 'ADDR');
    await page.fill('#employee', 'ИВ-17');
    await page.click('button[data-decision=accepted]');
    await page.getByText('Ваше решение: Принято (версия 1)').waitFor();
    const result = (await api.get(`/runs/${runId}/findings`)).json;
    const finding = result.findings.find((f: any) => String(f.n) === n);
    const decision = result.feedback.find((d: any) => d.finding_id === finding.finding_id);
    assert.equal(decision?.decision, 'accepted');
    assert.equal(decision?.reason, 'Подтверждаю: адрес в разделе КР расходится с ПЗ');
    assert.deepEqual([decision?.reason_code, decision?.employee_id], ['ADDR', 'ИВ-17']);
    // The run is in a bundle: a memory note is offered from the decision.
    await page.fill('#note-text', 'Адрес объекта сверять по ПЗ');
    await page.click('#propose-note');
    await page.getByText('Заметка предложена').waitFor();
    const notes = (await api.get('/memory')).json.notes;
    assert.deepEqual(
      notes.map((n: any) => [n.feedback_id, n.text, n.status]),
      [[decision.feedback_id, 'Адрес объекта сверять по ПЗ', 'candidate']],
    );
    // A second window changed it meanwhile: the stale version is shown as a conflict with the current decision.
    await api.post(`/runs/${runId}/feedback`, {
      snapshot: result.feedback_snapshot,
      finding_id: finding.finding_id,
      decision: 'rejected',
      reason: 'Другое окно',
      version: 1,
      request_key: 'other-window',
    });
    await page.fill('#reason', 'Ещё раз');
    await page.click('button[data-decision=rejected]');
    await page.getByText('Текущее решение: Отклонено (версия 2)').waitFor();
    await page.click('#retry');
    await page.getByText('Ваше решение: Отклонено (версия 3)').waitFor();
    await screenshot(page, 'decision');
  });

  test('the quoted words highlighted over the page picture, opened on them; zoom by +/−, buttons, Ctrl+wheel; pan by dragging', async () => {
    const back = page.url();
    // The structural volume's address differs from the rest: the finding quotes it from its page.
    const result = (await api.get(`/runs/${runId}/findings`)).json;
    const finding = result.findings.find((f: any) => f.check_id === 'consistency.address');
    assert.ok(finding, 'the set has an address finding');
    const ref = finding.page_refs[0];
    await page.goto(`${origin}/#/runs/${runId}/findings/${finding.n}`);
    const view = page.locator('.page-view').first();
    const mark = view.locator('.highlight').first();
    await mark.waitFor({ timeout: 60_000 });
    assert.equal(await view.locator('img.page-picture').getAttribute('src'), `/cabinet/runs/${runId}/documents/${ref.doc_index}/pages/${ref.doc_page}`);
    const [img, box, frame] = await Promise.all([
      view.locator('img.page-picture').boundingBox(),
      mark.boundingBox(),
      view.locator('.page-frame').boundingBox(),
    ]);
    assert.ok(img && box && frame);
    assert.ok(box.x >= img.x && box.y >= img.y && box.x + box.width <= img.x + img.width && box.y + box.height <= img.y + img.height, 'over the picture');
    assert.ok(box.width > box.height && box.height > 5, `a line of words: ${JSON.stringify(box)}`);
    // opened on the cited place: zoomed so the line reads, and the highlight within the frame's view
    const zoom = async () => Number((await view.locator('.zoom-level').innerText()).replace(/\D+/g, ''));
    const opened = await zoom();
    assert.ok(opened > 100, `opened zoomed: ${opened} %`);
    assert.ok(
      box.y >= frame.y && box.y + box.height <= frame.y + frame.height && box.x >= frame.x && box.x + box.width <= frame.x + frame.width,
      'scrolled to it',
    );
    await view.scrollIntoViewIfNeeded();
    await screenshot(page, 'page-viewer');
    await page.locator('.finding-detail h2').click();
    await page.keyboard.press('+');
    assert.ok((await zoom()) > opened, 'the + key zooms in');
    const wide = (await view.locator('.page-canvas').boundingBox())!.width;
    await view.locator('button.zoom-out').click();
    await view.locator('button.zoom-out').click();
    assert.ok((await zoom()) < opened);
    assert.ok((await view.locator('.page-canvas').boundingBox())!.width < wide, 'the picture itself is smaller');
    // the frame wholly on screen, where the pointer can reach its middle
    await view.locator('.page-frame').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const at = (await view.locator('.page-frame').boundingBox())!;
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    const beforeWheel = await zoom();
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    await page.waitForFunction((z) => Number(document.querySelector('.zoom-level')?.textContent?.replace(/\D+/g, '')) > z, beforeWheel);
    const scroll = () => view.locator('.page-frame').evaluate((el) => [el.scrollLeft, el.scrollTop]);
    const [left, top] = await scroll();
    await page.mouse.down();
    await page.mouse.move(at.x + at.width / 2 - 60, at.y + at.height / 2 - 40, { steps: 4 });
    await page.mouse.up();
    const [left2, top2] = await scroll();
    assert.ok(left2! > left! || top2! > top!, `dragged: ${[left, top]} → ${[left2, top2]}`);
    // the highlight follows the zoom: still over the same words
    await view.locator('button.zoom-fit').click();
    const [img2, box2] = await Promise.all([view.locator('img.page-picture').boundingBox(), mark.boundingBox()]);
    assert.ok(Math.abs((box2!.x - img2!.x) / img2!.width - (box.x - img.x) / img.width) < 0.01);
    await page.goto(back);
  });

  test('at tablet width the runs list, the new review and the findings fit the screen', async () => {
    const findings = page.url();
    await page.setViewportSize(TABLET);
    try {
      await page.goto(`${origin}/#/`);
      await page.locator('table.runs').waitFor();
      assertFits(await page.evaluate(measureLayout, PRIMARY.runs), 'runs');
      await page.click('a[href="#/new"]');
      await page.setInputFiles('#files', cabinet.files);
      await page.getByLabel('Раздел документа Reviews/24-017-ПЗ.pdf').waitFor();
      assertFits(await page.evaluate(measureLayout, PRIMARY.newRun), 'new review');
      await page.goto(findings);
      await page.locator('img.page-picture').waitFor();
      assertFits(await page.evaluate(measureLayout, PRIMARY.findings), 'findings');
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });

  test('the overall PDF report downloads', async () => {
    await page.goto(`${origin}/#/runs/${runId}`);
    const link = page.getByText('Общий отчёт PDF');
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const bytes = await readFile((await download.path())!);
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
  });

  test('the register of remarks downloads from the findings page as XLSX and DOCX', async () => {
    await page.goto(`${origin}/#/runs/${runId}/findings`);
    // Named by what they are for, the object's cipher and the date, not by the run's id.
    for (const [text, name] of [
      ['Реестр XLSX', /^Реестр замечаний для проектировщика 24-017 (тур \d+ )?\d{4}-\d{2}-\d{2}\.xlsx$/],
      ['Реестр DOCX', /^Реестр замечаний для проектировщика 24-017 (тур \d+ )?\d{4}-\d{2}-\d{2}\.docx$/],
      ['Реестр специалиста XLSX', /^Реестр замечаний для специалиста 24-017 (тур \d+ )?\d{4}-\d{2}-\d{2}\.xlsx$/],
    ] as const) {
      const link = page.getByText(text, { exact: true });
      await link.waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      assert.match(download.suggestedFilename(), name);
      const bytes = await readFile((await download.path())!);
      assert.equal(bytes.subarray(0, 2).toString(), 'PK', `${text} is an OOXML package`);
    }
  });

  test('the organization page: limits, usage chart, bundles', async () => {
    await page.goto(`${origin}/#/account`);
    await page.locator('svg.chart').waitFor();
    await page.fill('#bundle-label', 'Жилой дом на Чистопольской');
    await page.click('#create-bundle');
    await page.getByText('Жилой дом на Чистопольской').waitFor();
    assert.match(await page.locator('#checks-left').innerText(), /4 проверки/);
    await screenshot(page, 'account');
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Отозвать' }).click();
    await page.getByText('Отозвана').waitFor();
    assert.equal((await api.get('/memory')).json.notes[0].status, 'revoked');
  });

  test('deleted documents: pictures are gone and the findings page says so', async () => {
    const ref = (await api.get(`/runs/${runId}/findings`)).json.findings.flatMap((f: any) => f.page_refs)[0];
    const picture = `${origin}/cabinet/runs/${runId}/documents/${ref.doc_index}/pages/${ref.doc_page}`;
    assert.equal((await context.request.get(picture)).status(), 200);
    assert.equal((await context.request.get(`${origin}/cabinet/runs/${runId}/documents/${ref.doc_index}/pages/99`)).status(), 404);
    const stranger = await server.createOrg({ checks: 1 });
    assert.equal((await fetch(picture, { headers: { authorization: `Bearer ${stranger.api_key}` } })).status, 404, 'another organization');
    await page.goto(`${origin}/#/runs/${runId}`);
    page.once('dialog', (d) => void d.accept());
    await page.click('#delete-docs');
    await page.getByText('Исходные документы удалены').waitFor();
    assert.equal((await api.get(`/runs/${runId}`)).json.documents_deleted, true);
    assert.equal((await context.request.get(picture)).status(), 404);
    await page.goto(`${origin}/#/runs/${runId}/findings`);
    for (let i = 0; i < 7 && !(await page.locator('.no-picture').count()); i++) await page.keyboard.press('j');
    assert.match(await page.locator('.no-picture').first().innerText(), /Исходные документы проверки удалены/);
    assert.equal(await page.locator('img.page-picture').count(), 0);
  });

  test('a state-changing request without the CSRF token is refused; with it, accepted', async () => {
    const without = await context.request.post(`${origin}/api/v1/bundles`, { data: { label: 'Без токена' } });
    assert.equal(without.status(), 403);
    assert.match((await without.json()).detail.message, /CSRF/);
    const wrong = await context.request.delete(`${origin}/api/v1/runs/${runId}/documents`, { headers: { 'X-CSRF-Token': 'forged' } });
    assert.equal(wrong.status(), 403);
    const { csrf_token } = await (await context.request.get(`${origin}/cabinet/session`)).json();
    const withToken = await context.request.post(`${origin}/api/v1/bundles`, { data: { label: 'С токеном' }, headers: { 'X-CSRF-Token': csrf_token } });
    assert.equal(withToken.status(), 201);
  });

  test('after login the key is in no response, URL, storage or log', async () => {
    assert.ok(seen.length > 20, `responses seen: ${seen.length}`);
    for (const r of seen) {
      assert.ok(!r.url.includes(org.api_key), `key in URL ${r.url}`);
      assert.ok(!r.body.includes(org.api_key), `key in the request or response of ${r.url}`);
    }
    const storage = await page.evaluate(() =>
      JSON.stringify({ l: { ...localStorage }, s: { ...sessionStorage }, c: document.cookie, h: document.documentElement.outerHTML }),
    );
    assert.ok(!storage.includes(org.api_key), 'key in browser storage or page');
    for (const c of await context.cookies()) assert.ok(!c.value.includes(org.api_key));
    assert.ok(!server.logs().includes(org.api_key), 'key in server logs');
  });

  test('logout ends the session', async () => {
    await page.goto(`${origin}/#/`);
    await page.click('#logout');
    await page.locator('#key').waitFor();
    await screenshot(page, 'logged-out');
    assert.equal((await context.request.get(`${origin}/cabinet/session`)).status(), 401);
    assert.equal((await context.request.get(`${origin}/api/v1/me`)).status(), 401);
  });

  test('a session dies with key revocation', async () => {
    const other = await browser.newContext();
    const p = await other.newPage();
    await p.goto(`${origin}/`);
    await p.fill('#key', org.api_key);
    await p.click('button[type=submit]');
    await p.locator('header.top').waitFor();
    assert.equal((await other.request.get(`${origin}/api/v1/me`)).status(), 200);
    const revoked = await server.cli(['key', 'revoke', org.key_id]);
    assert.equal(revoked.code, 0, revoked.stdout);
    assert.equal((await other.request.get(`${origin}/api/v1/me`)).status(), 401);
    await p.reload();
    await p.locator('#key').waitFor();
    await other.close();
  });

  test('a session dies with suspension of the organization', async () => {
    const second = await server.createOrg({ checks: 1, name: 'ООО «Второе бюро»' });
    const other = await browser.newContext();
    const login = await other.request.post(`${origin}/cabinet/login`, { data: { key: second.api_key } });
    assert.equal(login.status(), 201);
    assert.equal((await other.request.get(`${origin}/api/v1/me`)).status(), 200);
    assert.equal((await server.cli(['org', 'suspend', second.tenant_id])).code, 0);
    assert.equal((await other.request.get(`${origin}/api/v1/me`)).status(), 403);
    assert.equal((await server.cli(['org', 'resume', second.tenant_id])).code, 0);
    assert.equal((await other.request.get(`${origin}/api/v1/me`)).status(), 401, 'the suspended session stays ended after resumption');
    await other.close();
  });
});
