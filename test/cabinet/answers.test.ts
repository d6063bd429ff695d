/**
 * The cabinet's answer loop: round 1 answered by the designer's register, round 2 in the bundle without КР. The
 * findings page lists every remark of round 1 with its proposal and reasons, a persisting finding shows its own,
 * and the specialist overrides the proposal of a remark whose volume did not come back.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startServer, type TestServer } from '../helpers/server.ts';
import { Client } from '../helpers/client.ts';
import { roundsOfSet } from '../feedback/published-set.ts';
import { answerRegister } from '../feedback/designer-register.ts';
import { launchBrowser, signedInPage } from './browser.ts';

let server: TestServer;
let browser: Browser;
let page: Page;
let origin: string;
let second: { runId: string; result: any };
let pzNorm: any;
let onKr: any;

before(async () => {
  server = await startServer();
  origin = server.baseUrl.replace(/\/api\/v1$/, '');
  const org = await server.createOrg({ checks: 3 });
  const api = new Client(server.baseUrl, org.api_key);
  const bundleId = (await api.post('/bundles', { label: 'Школа на 550 мест' })).json.bundle_id;
  const sets = await roundsOfSet();
  const publish = async (body: FormData) => {
    const upload = await api.postForm('/runs', body);
    assert.equal(upload.status, 201, upload.text);
    assert.equal((await api.waitRun(upload.json.run_id, 180_000)).status, 'done');
    return { runId: upload.json.run_id, result: (await api.get(`/runs/${upload.json.run_id}/findings`)).json };
  };
  const first = await publish(sets.first({ bundle_id: bundleId }));
  pzNorm = first.result.findings.find((f: any) => f.check_id === 'norms.superseded' && f.page_refs.some((r: any) => r.kind === 'ПЗ'));
  onKr = first.result.findings.find((f: any) => f.page_refs.length && f.page_refs.every((r: any) => r.kind === 'КР'));
  await answerRegister(api, first.runId, {
    [pzNorm.finding_id]: { answer: 'Ссылка заменена на СП 20.13330.2016', sheet: '2' },
    [onKr.finding_id]: { answer: 'Исправлено' },
  });
  second = await publish(sets.second({ bundle_id: bundleId }));
  browser = await launchBrowser();
  page = await signedInPage(browser, origin, org.api_key, { width: 1280, height: 900 });
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

test('the proposals of the answer loop are listed with their reasons, and one is overridden from the page', async () => {
  await page.goto(`${origin}/#/runs/${second.runId}/findings`);
  const review = page.locator('#answer-review');
  await review.waitFor();
  const { counts, proposals } = second.result.revision.answers;
  assert.match(
    await review.locator('summary').innerText(),
    new RegExp(
      `снято — ${counts.closed}, не снято — ${counts.not_closed}, том не представлен повторно — ${counts.not_resubmitted}, нет ответа — ${counts.no_answer}`,
    ),
  );
  assert.equal(await review.locator('li.proposal').count(), proposals.length);
  const pz = review.locator(`li.proposal[data-previous="${pzNorm.finding_id}"]`);
  assert.match(await pz.innerText(), /не снято[\s\S]*Ответ заявляет исправление, но замечание не снято/);

  const kr = review.locator(`li.proposal[data-previous="${onKr.finding_id}"]`);
  assert.match(await kr.innerText(), /том не представлен повторно[\s\S]*Ждёт решения специалиста/);
  await kr.locator('button.override-proposal').click();
  assert.match(await kr.locator('[role=alert]').innerText(), /Укажите, почему вы не согласны/);
  await kr.locator('input.proposal-reason').fill('Том КР передан отдельным письмом');
  await kr.locator('button.override-proposal').click();
  await page.locator(`li.proposal[data-previous="${onKr.finding_id}"] .proposal-outcome`, { hasText: 'Специалист: снято' }).waitFor();

  // the persisting finding shows its proposal beside its own decision panel
  const successor = second.result.findings.find((f: any) => f.revision?.previous_finding_id === pzNorm.finding_id);
  await page.goto(`${origin}/#/runs/${second.runId}/findings/${successor.n}`);
  const own = page.locator('.finding-detail .finding-proposal');
  await own.waitFor();
  assert.match(await own.innerText(), /предложено «не снято»[\s\S]*представлен тем же файлом/);
});
