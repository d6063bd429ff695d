/**
 * Two rounds of a bundle in Firefox (Debian's firefox-esr over WebDriver BiDi) and in Chromium (its DevTools
 * protocol), the same scenario through puppeteer-core, against the real program: round 1
 * (ПЗ, АР, КР) with a decision, the designer's filled register uploaded through the cabinet's file field, round 2
 * with ПЗ the same file, АР corrected, КР dropped and ИОС3 added. Its findings page says which volumes came back,
 * carries the decision over with one button, lists the answer loop's proposals and takes an override, and the
 * registers of both variants download; the runs list names each run's round. Skipped, saying why, where an engine is not installed.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { startServer, type TestServer } from '../helpers/server.ts';
import { Client } from '../helpers/client.ts';
import { roundsOfSet } from '../feedback/published-set.ts';
import { filledRegister } from '../feedback/designer-register.ts';
import { engineMissing, launchPuppeteer, type PuppeteerEngine } from './browser.ts';

const ENGINES: [PuppeteerEngine, string][] = [
  ['firefox', 'Firefox'],
  ['chromium', 'Chromium'],
];

for (const [engine, name] of ENGINES)
  describe(`two rounds in ${name}`, { skip: engineMissing(engine) ?? false }, () => {
    let server: TestServer;
    let api: Client;
    let browser: Browser;
    let page: Page;
    let origin: string;
    let dir: string;
    let first: { runId: string; result: any };
    let second: { runId: string; result: any };
    let pzNorm: any;
    let onKr: any;
    let bundleId: string;
    let sets: Awaited<ReturnType<typeof roundsOfSet>>;
    const errors: string[] = [];

    const textOf = (selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText);
    const waitForText = (text: string, timeout = 30_000) => page.waitForFunction((t) => document.body.innerText.includes(t), { timeout }, text);
    const publish = async (body: FormData) => {
      const upload = await api.postForm('/runs', body);
      assert.equal(upload.status, 201, upload.text);
      assert.equal((await api.waitRun(upload.json.run_id, 180_000)).status, 'done');
      return { runId: upload.json.run_id, result: (await api.get(`/runs/${upload.json.run_id}/findings`)).json };
    };

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), `${engine}-rounds-`));
      server = await startServer();
      origin = server.baseUrl.replace(/\/api\/v1$/, '');
      const org = await server.createOrg({ checks: 3 });
      api = new Client(server.baseUrl, org.api_key);
      bundleId = (await api.post('/bundles', { label: 'Школа на 550 мест' })).json.bundle_id;
      sets = await roundsOfSet();
      first = await publish(sets.first({ bundle_id: bundleId }));
      pzNorm = first.result.findings.find((f: any) => f.check_id === 'norms.superseded' && f.page_refs.some((r: any) => r.kind === 'ПЗ'));
      onKr = first.result.findings.find((f: any) => f.page_refs.length && f.page_refs.every((r: any) => r.kind === 'КР'));
      assert.ok(pzNorm && onKr);
      const decided = await api.post(`/runs/${first.runId}/feedback`, {
        snapshot: first.result.feedback_snapshot,
        finding_id: pzNorm.finding_id,
        decision: 'accepted',
        reason: 'Заменить ссылку на СП 20.13330.2016',
        version: 0,
        request_key: randomUUID(),
      });
      assert.equal(decided.status, 201, decided.text);

      browser = await launchPuppeteer(engine);
      page = await browser.newPage();
      page.on('pageerror', (err) => errors.push(err instanceof Error ? err.message : String(err)));
      page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
      await page.setViewport({ width: 1280, height: 900 });
      await page.goto(`${origin}/`);
      await page.waitForSelector('#key', { visible: true });
      await page.type('#key', org.api_key);
      await page.click('button[type=submit]');
      await page.waitForSelector('header.top');
      // the cabinet asks for its session before the key is given; Chromium reports that expected 401 on the console
      errors.length = 0;
    });
    after(async () => {
      await browser?.close();
      await server?.stop();
      await rm(dir, { recursive: true, force: true });
    });

    test('round 1: the designer register filled and uploaded through the file field, the answer shown', async () => {
      const path = join(dir, 'Реестр с ответами.xlsx');
      await writeFile(
        path,
        await filledRegister(api, first.runId, {
          [pzNorm.finding_id]: { answer: 'Ссылка заменена на СП 20.13330.2016', sheet: '2' },
          [onKr.finding_id]: { answer: 'Исправлено' },
        }),
      );
      await page.goto(`${origin}/#/runs/${first.runId}/findings/${pzNorm.n}`);
      const input = await page.waitForSelector('input#answers-file');
      await input!.uploadFile(path);
      await page.click('#answers-upload');
      await page.waitForSelector('.answers-taken');
      assert.match(await textOf('.answers-taken'), /Принято ответов: 2;/);
      await page.waitForSelector('.finding-detail .designer-answer');
      assert.match(await textOf('.finding-detail .designer-answer'), /Ссылка заменена на СП 20\.13330\.2016[\s\S]*Лист с исправлением: 2/);
    });

    test('round 2: the volumes that came back, the decision carried over, the proposals and an override', async () => {
      second = await publish(sets.second({ bundle_id: bundleId }));
      await page.goto(`${origin}/#/runs/${second.runId}/findings`);
      await page.waitForSelector('#round-documents');
      const volumes = await textOf('#round-documents');
      assert.match(volumes, /24-017-ПЗ\.pdf\s+без изменений/);
      assert.match(volumes, /24-017-АР изм1\.pdf\s+исправлен/);
      assert.match(volumes, /24-017-ИОС3\.pdf\s+добавлен/);
      assert.match(volumes, /24-017-КР\.pdf\s+не представлен повторно/);

      await page.click('#carry-over');
      await waitForText('Перенесено решений: 1.');

      await page.waitForSelector('#answer-review');
      const { counts } = second.result.revision.answers;
      assert.match(await textOf('#answer-review summary'), new RegExp(`снято — ${counts.closed}, не снято — ${counts.not_closed}`));
      const pz = `li.proposal[data-previous="${pzNorm.finding_id}"]`;
      // the carried acceptance of the persisting remark confirms «не снято»
      await page.waitForFunction(
        (s) => /Подтверждено: не снято \(решение перенесено из прошлого тура\)/.test(document.querySelector(s)?.textContent ?? ''),
        {},
        pz,
      );
      const kr = `li.proposal[data-previous="${onKr.finding_id}"]`;
      assert.match(await textOf(kr), /том не представлен повторно/);
      await page.type(`${kr} input.proposal-reason`, 'Том КР передан отдельным письмом');
      await page.click(`${kr} button.override-proposal`);
      await page.waitForFunction((s) => /Специалист: снято/.test(document.querySelector(s)?.textContent ?? ''), {}, `${kr} .proposal-outcome`);
    });

    test('the runs list names the bundle and the round of each run', async () => {
      await page.goto(`${origin}/#/`);
      await page.waitForSelector('table.runs');
      const rounds = await page.$$eval('table.runs tbody tr', (rows) =>
        rows.map((tr) => [tr.querySelector('a.run-link')?.getAttribute('href'), tr.querySelector('.bundle-round')?.textContent ?? null]),
      );
      assert.deepEqual(rounds, [
        [`#/runs/${second.runId}`, ' · Школа на 550 мест · тур 2'],
        [`#/runs/${first.runId}`, ' · Школа на 550 мест · тур 1'],
      ]);
    });

    test('the registers of round 2 download in both variants from the session, with no script error on the way', async () => {
      for (const variant of ['designer', 'specialist']) {
        for (const format of ['xlsx', 'docx']) {
          const r = await page.evaluate(async (p) => {
            const res = await fetch(p);
            return { status: res.status, size: (await res.arrayBuffer()).byteLength };
          }, `/api/v1/runs/${second.runId}/register.${format}?variant=${variant}`);
          assert.equal(r.status, 200, `${variant} ${format}`);
          assert.ok(r.size > 4000, `${variant} ${format}: ${r.size} bytes`);
        }
      }
      assert.deepEqual(errors, [], 'no script or console errors');
    });
  });
