/**
 * The findings workspace as a specialist works in it (Chromium): no stray «null» under the decision buttons, the
 * recorded reason shown after a decision, a version conflict that names the current decision in the status line too;
 * filters and the selected finding kept in the address through Back and reload; list items opened with Enter and
 * Space; j/k move, a/r choose a decision with the reason field focused; ↑/↓ left to the page. Russian words and
 * names (the run by its object, downloads by cipher and date, Moscow time, a favicon); printing without navigation;
 * the findings page of a running run refreshing itself; an upload that asks before the page is left and never opens
 * the run once it is; the deletion of documents last on the run page; the corner with the title block beside a
 * title-block finding, on an A4 sheet too; findings left while loading never take the address back.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startServer, type TestServer } from '../helpers/server.ts';
import { Client } from '../helpers/client.ts';
import { publishSet, sectionsOf, uploadSet } from '../feedback/published-set.ts';
import { makeSimplePdf } from '../helpers/fixtures.ts';
import { launchBrowser, signedInPage } from './browser.ts';

let server: TestServer;
let api: Client;
let browser: Browser;
let page: Page;
let origin: string;
let runId: string;
let result: any;

const heading = () => page.locator('.finding-detail h2').innerText();

before(async () => {
  server = await startServer();
  origin = server.baseUrl.replace(/\/api\/v1$/, '');
  const org = await server.createOrg({ checks: 4 });
  api = new Client(server.baseUrl, org.api_key);
  ({ runId, result } = await publishSet(api));
  browser = await launchBrowser();
  page = await signedInPage(browser, origin, org.api_key, { width: 1280, height: 700 });
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

test('an undecided finding: no «null»; a decision shows its reason; a conflict names the current decision everywhere', async () => {
  await page.goto(`${origin}/#/runs/${runId}/findings`);
  const panel = page.locator('.finding-detail .decision');
  await panel.waitFor();
  const text = await panel.innerText();
  assert.doesNotMatch(text, /\bnull\b|undefined/, text);
  assert.match(text, /Решения ещё нет/);

  await page.fill('#reason', 'Адрес расходится с ПЗ');
  await page.click('button[data-decision=accepted]');
  await page.getByText('Ваше решение: Принято (версия 1)').waitFor();
  assert.match(await panel.locator('.own-decision').innerText(), /— «Адрес расходится с ПЗ»/, 'the recorded reason is shown');
  assert.doesNotMatch(await panel.innerText(), /\bnull\b/);

  // Another window records a decision meanwhile; this panel still holds version 1.
  const n = (await heading()).replace(/\D+/g, '');
  const fresh = (await api.get(`/runs/${runId}/findings`)).json;
  const finding = fresh.findings.find((f: any) => String(f.n) === n);
  const other = await api.post(`/runs/${runId}/feedback`, {
    snapshot: fresh.feedback_snapshot,
    finding_id: finding.finding_id,
    decision: 'rejected',
    reason: 'Другое окно',
    version: 1,
    request_key: 'other-window-1',
  });
  assert.equal(other.status, 201, other.text);
  await page.fill('#reason', 'Ещё раз');
  await page.click('button[data-decision=accepted]');
  await page.getByText('Текущее решение: Отклонено (версия 2)').waitFor();
  const conflict = await panel.innerText();
  assert.doesNotMatch(conflict, /Решения ещё нет/, conflict);
  assert.match(await panel.locator('.own-decision').innerText(), /Ваше решение: Отклонено \(версия 2\).*«Другое окно»/);
});

test('filters and the selected finding stay in the address through Back and reload', async () => {
  const { many } = sectionsOf(result);
  const section = many[0].section;
  await page.goto(`${origin}/#/runs/${runId}/findings`);
  await page.locator('.finding-item').first().waitFor();
  await page.selectOption('#f-section', section);
  await page.locator('.finding-item').nth(1).click();
  const n = (await heading()).replace(/\D+/g, '');
  assert.equal(n, String(many[1].n));
  const hash = new URL(page.url()).hash;
  assert.equal(hash, `#/runs/${runId}/findings/${n}?section=${encodeURIComponent(section)}`);

  await page.reload();
  await page.getByRole('heading', { name: `Замечание № ${n}` }).waitFor();
  assert.equal(await page.locator('#f-section').inputValue(), section);
  assert.equal(await page.locator('.finding-item').count(), many.length);

  await page.click(`a[href="#/runs/${runId}"]`);
  await page.locator('#open-findings').waitFor();
  await page.goBack();
  await page.getByRole('heading', { name: `Замечание № ${n}` }).waitFor();
  assert.equal(await page.locator('#f-section').inputValue(), section);
  assert.equal(await page.locator('.finding-item').count(), many.length);
});

test('keyboard: Enter and Space open a list item, j/k move, a/r choose with the reason focused, ↑/↓ scroll the page', async () => {
  await page.goto(`${origin}/#/runs/${runId}/findings`);
  await page.locator('.finding-item').first().waitFor();
  const items = page.locator('.finding-item');
  await items.nth(2).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: `Замечание № ${result.findings[2].n}` }).waitFor();
  await items.nth(1).focus();
  await page.keyboard.press(' ');
  await page.getByRole('heading', { name: `Замечание № ${result.findings[1].n}` }).waitFor();

  await page.locator('.finding-detail h2').click();
  await page.keyboard.press('j');
  await page.getByRole('heading', { name: `Замечание № ${result.findings[2].n}` }).waitFor();
  await page.keyboard.press('k');
  await page.getByRole('heading', { name: `Замечание № ${result.findings[1].n}` }).waitFor();

  // ↑/↓ belong to the page: the finding stays, the window scrolls.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => window.scrollY > 0);
  assert.equal(await heading(), `Замечание № ${result.findings[1].n}`);

  await page.keyboard.press('r');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'reason', 'the reason field is focused');
  assert.equal(await page.locator('button[data-decision=rejected]').getAttribute('aria-pressed'), 'true');
  await page.keyboard.type('Нормы указаны верно');
  await page.keyboard.press('Control+Enter');
  await page.getByText('Ваше решение: Отклонено (версия 1)').waitFor();
  const finding = (await api.get(`/runs/${runId}/findings`)).json.feedback.find((d: any) => d.finding_id === result.findings[1].finding_id);
  assert.deepEqual([finding?.decision, finding?.reason], ['rejected', 'Нормы указаны верно']);

  await page.locator('.finding-detail h2').click();
  await page.keyboard.press('j');
  await page.keyboard.press('a');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'reason');
  assert.equal(await page.locator('button[data-decision=accepted]').getAttribute('aria-pressed'), 'true');
});

test('Russian words and names: the run by its object, downloads by cipher and date, times in Moscow time, a favicon', async () => {
  const object = result.set?.object;
  const cipher = object?.cipher_base?.value;
  assert.ok(cipher, `the set names its cipher: ${JSON.stringify(object)}`);
  await page.goto(`${origin}/#/`);
  const link = page.locator('table.runs a.run-link').first();
  await link.waitFor();
  const listed = await link.innerText();
  assert.ok(listed.includes(cipher), `the run is named by its object: ${listed}`);
  assert.doesNotMatch(listed, /\.pdf$/, 'not by its first file');

  await page.goto(`${origin}/#/runs/${runId}`);
  await page.locator('#open-findings').waitFor();
  assert.ok((await page.locator('h1').innerText()).includes(cipher));
  assert.match(await page.locator('.run-meta').innerText(), /\d{2}:\d{2} МСК/, 'times in the organization time zone');
  const pdf = page.getByText('Общий отчёт PDF');
  const [download] = await Promise.all([page.waitForEvent('download'), pdf.click()]);
  assert.match(download.suggestedFilename(), new RegExp(`^Замечания ${cipher} \\d{4}-\\d{2}-\\d{2}\\.pdf$`));

  await page.goto(`${origin}/#/runs/${runId}/findings`);
  assert.ok((await page.locator('h1').innerText()).includes(cipher));
  assert.match(await page.locator('#shown').innerText(), /^Показано \d+ из \d+ замечани[йя];/);

  const icon = await page.locator('link[rel=icon]').getAttribute('href');
  assert.ok(icon, 'the page names its icon');
  const svg = await page.request.get(`${origin}${icon}`);
  assert.equal(svg.status(), 200);
  assert.equal(svg.headers()['content-type'], 'image/svg+xml');
  assert.match(await svg.text(), /^<svg /);
});

test('printing the findings and the run: no navigation, no controls, no clipped list', async () => {
  await page.goto(`${origin}/#/runs/${runId}/findings`);
  await page.locator('.finding-detail h2').waitFor();
  await page.emulateMedia({ media: 'print' });
  try {
    const shown = await page.evaluate(() => ({
      header: getComputedStyle(document.querySelector('header.top')!).display,
      filters: getComputedStyle(document.querySelector('.filters')!).display,
      buttons: getComputedStyle(document.querySelector('.decision-buttons')!).display,
      list: getComputedStyle(document.querySelector('.list-col')!).overflow,
      listHeight: getComputedStyle(document.querySelector('.list-col')!).maxHeight,
      detail: getComputedStyle(document.querySelector('.finding-detail')!).display,
    }));
    assert.deepEqual(shown, { header: 'none', filters: 'none', buttons: 'none', list: 'visible', listHeight: 'none', detail: 'block' });
    const pdf = await page.pdf({ format: 'A4' });
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    // The run page on paper: its facts and documents, without navigation, actions or download links.
    await page.goto(`${origin}/#/runs/${runId}`);
    await page.locator('#open-findings').waitFor({ state: 'attached' });
    const run = await page.evaluate(() => ({
      header: getComputedStyle(document.querySelector('header.top')!).display,
      danger: getComputedStyle(document.querySelector('.danger-zone')!).display,
      reports: getComputedStyle(document.querySelector('.reports')!).display,
      docs: getComputedStyle(document.querySelector('table.docs')!).display,
    }));
    assert.deepEqual(run, { header: 'none', danger: 'none', reports: 'none', docs: 'table' });
  } finally {
    await page.emulateMedia({ media: 'screen' });
  }
});

test('the findings page of a running run refreshes itself until the run ends', async () => {
  const running = await uploadSet(api);
  await page.goto(`${origin}/#/runs/${running}/findings`);
  await page.getByText('страница обновится сама').waitFor();
  await page.locator('.finding-detail h2').waitFor({ timeout: 180_000 });
  assert.ok((await page.locator('.finding-item').count()) > 0);
});

test('an upload asks before a reload and never opens the run after the page was left', async () => {
  await page.goto(`${origin}/#/new`);
  await page.setInputFiles('#files', { name: '24-017-ПЗ.pdf', mimeType: 'application/pdf', buffer: await makeSimplePdf(1) });
  let release!: () => Promise<void>;
  const held = new Promise<void>((resolve) => {
    void page.route('**/api/v1/runs', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      release = () => route.continue();
      resolve();
    });
  });
  await page.click('#submit');
  await held;
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.type());
    void (d.type() === 'beforeunload' ? d.dismiss() : d.accept());
  });
  await page.reload({ timeout: 3000 }).catch(() => undefined);
  assert.deepEqual(dialogs, ['beforeunload'], 'a reload during the upload asks first');
  assert.equal(await page.locator('#submit').isDisabled(), true, 'the upload stays on screen');

  await page.click('header.top a[href="#/"]');
  assert.deepEqual(dialogs, ['beforeunload', 'confirm'], 'a link of the cabinet asks too');
  await page.locator('table.runs').waitFor();
  const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/runs') && r.request().method() === 'POST');
  await release();
  assert.equal((await created).status(), 201);
  await page.waitForTimeout(500);
  assert.equal(new URL(page.url()).hash, '#/', 'the run is not opened by itself');
  page.removeAllListeners('dialog');
  await page.unroute('**/api/v1/runs');
});

test('a finished run: the deletion of documents is the last button, a danger action that asks first', async () => {
  await page.goto(`${origin}/#/runs/${runId}`);
  await page.locator('#open-findings').waitFor();
  const last = await page.evaluate(() => {
    const buttons = [...document.querySelectorAll('main button, main a.button')];
    return { id: buttons.at(-1)?.id, first: buttons[0]?.id, danger: buttons.at(-1)?.classList.contains('danger') };
  });
  assert.deepEqual([last.id, last.danger], ['delete-docs', true]);
  assert.notEqual(last.first, 'delete-docs');
  page.once('dialog', (d) => void d.dismiss());
  await page.click('#delete-docs');
  assert.equal((await api.get(`/runs/${runId}`)).json.documents_deleted, false, 'nothing is deleted without the confirmation');
});

test('search over the findings’ text, kept in the address; every filter option counts its findings', async () => {
  const area = result.findings.filter((f: any) => /площад/i.test(`${f.essence} ${f.evidence_text} ${f.action}`));
  assert.ok(area.length > 0 && area.length < result.findings.length, 'the search narrows the list');
  await page.goto(`${origin}/#/runs/${runId}/findings`);
  await page.locator('.finding-item').first().waitFor();
  await page.fill('#f-search', 'ПЛОЩАДЬ');
  await page.waitForFunction((n) => document.querySelectorAll('.finding-item').length === n, area.length);
  assert.match(new URL(page.url()).hash, /[?&]q=%D0%9F%D0%9B/);
  await page.reload();
  await page.locator('.finding-detail h2').waitFor();
  assert.equal(await page.locator('#f-search').inputValue(), 'ПЛОЩАДЬ');
  assert.equal(await page.locator('.finding-item').count(), area.length);
  await page.fill('#f-search', '');

  const { many } = sectionsOf(result);
  const option = await page.locator(`#f-section option[value="${many[0].section}"]`).innerText();
  assert.equal(option, `${many[0].section} (${many.length})`);
  const decided = new Set(
    (await api.get(`/runs/${runId}/findings`)).json.feedback.filter((d: any) => d.decision !== 'withdrawn').map((d: any) => d.finding_id),
  );
  assert.equal(await page.locator('#f-decided option[value=yes]').innerText(), `с решением (${decided.size})`);
  assert.equal(await page.locator('#f-decided option[value=no]').innerText(), `без решения (${result.findings.length - decided.size})`);
});

test('a picture the service is busy with (503 with Retry-After) is asked for again after the pause, not given up', async () => {
  const cited = result.findings.find((f: any) => f.page_refs.some((r: any) => r.in_docset && r.doc_index && r.doc_page));
  assert.ok(cited, 'a finding citing a page of the set');
  let refused = 0;
  // the picture alone, not the page's words beside it
  const picture = /\/cabinet\/runs\/[^/]+\/documents\/\d+\/pages\/\d+(\?.*)?$/;
  await page.route(picture, async (route) => {
    // the image and the page's own look at why it failed are both refused once, then the picture is served
    if (refused < 2) {
      refused++;
      await route.fulfill({
        status: 503,
        headers: { 'retry-after': '1', 'content-type': 'application/json' },
        body: JSON.stringify({ detail: { error: 'pdf_unavailable', message: 'Изображение страницы ещё строится' } }),
      });
    } else await route.continue();
  });
  try {
    await page.goto(`${origin}/#/runs/${runId}/findings/${cited.n}`);
    await page.getByText(/Изображение готовится .*; повтор через 1 с/).waitFor();
    await page.waitForFunction(() => {
      const el = document.querySelector('img.page-picture') as HTMLImageElement | null;
      return !!el && el.complete && el.naturalWidth > 100;
    });
    assert.equal(await page.getByText(/Изображение не получено/).count(), 0);
  } finally {
    await page.unroute(picture);
  }
});

test('a title-block finding: the corner with the title block is shown beside the page, readable, on an A4 sheet too', async () => {
  const titleBlockChecks = ['titleblock.missing_roles', 'stamps.stage_mismatch', 'sheets.numbering_gap'];
  const cited = result.findings.find(
    (f: any) => !titleBlockChecks.includes(f.check_id) && f.page_refs.some((r: any) => r.in_docset && r.doc_index && r.doc_page),
  );
  assert.ok(cited, 'a finding citing a page of the set');
  // The set's sheets are A4: the finding is shown as a title-block finding.
  const findings = new RegExp(`/api/v1/runs/${runId}/findings$`);
  await page.route(findings, async (route) => {
    const served = await (await route.fetch()).json();
    for (const f of served.findings) if (f.n === cited.n) f.check_id = 'titleblock.missing_roles';
    await route.fulfill({ json: served });
  });
  try {
    await page.goto(`${origin}/#/runs/${runId}/findings/${cited.n}`);
    await page.reload();
    const corner = page.locator('.page-view img.title-block-picture').first();
    await corner.waitFor({ timeout: 60_000 });
    const ref = cited.page_refs.find((r: any) => r.in_docset);
    assert.equal(await corner.getAttribute('src'), `/cabinet/runs/${runId}/documents/${ref.doc_index}/pages/${ref.doc_page}?crop=title_block`);
    // the bottom 200 × 70 mm of an A4 sheet at 216 dpi (src/isolation/title-block-crop.mjs), not the large sheets' 215 × 90
    await page.waitForFunction(() => (document.querySelector('img.title-block-picture') as HTMLImageElement | null)?.naturalWidth === 1701);
    assert.match(await page.locator('.page-view figure.title-block figcaption').first().innerText(), /^Основная надпись \(/);
  } finally {
    await page.unroute(findings);
  }
  // a finding about something else shows no corner
  await page.goto(`${origin}/#/runs/${runId}/findings/${cited.n}`);
  const answered = page.waitForResponse((r) => /\/pages\/\d+\/words$/.test(r.url()));
  await page.reload();
  await answered;
  await page.waitForTimeout(300);
  assert.equal(await page.locator('img.title-block-picture').count(), 0);
});

test('findings left while they load keep the address the reader went to', async () => {
  const findings = new RegExp(`/api/v1/runs/${runId}/findings$`);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const requested = new Promise<void>((resolve) => (asked = resolve));
  await page.route(findings, async (route) => {
    asked();
    await held;
    await route.continue();
  });
  try {
    await page.goto(`${origin}/#/runs/${runId}/findings`);
    await requested;
    await page.goto(`${origin}/#/`);
    await page.locator('table.runs').waitFor();
    const answered = page.waitForResponse(findings);
    release();
    await answered;
    await page.waitForTimeout(300);
    assert.equal(new URL(page.url()).hash, '#/');
    assert.equal(await page.locator('table.runs').count(), 1);
  } finally {
    await page.unroute(findings);
  }
});
