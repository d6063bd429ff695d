/**
 * Browsers for the cabinet's tests: Debian's chromium driven by playwright-core, and Debian's stock firefox-esr
 * driven by puppeteer-core over WebDriver BiDi (Playwright drives only its own patched Firefox builds) — as is
 * chromium too where one scenario runs in both.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import puppeteer, { type Browser as BidiBrowser } from 'puppeteer-core';
import { ROOT } from '../helpers/server.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const FIREFOX = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found: install Debian's chromium (apt-get install chromium), as .ci/run does`);
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

/** A new page of the browser, signed in to the cabinet at origin with the key and showing the runs list. */
export async function signedInPage(browser: Browser, origin: string, key: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto(`${origin}/`);
  await page.fill('#key', key);
  await page.click('button[type=submit]');
  await page.locator('header.top').waitFor();
  return page;
}

/** Why the Firefox tests cannot run here, or null when they can. */
export const firefoxMissing = (): string | null => (existsSync(FIREFOX) ? null : `${FIREFOX} is not installed (apt-get install firefox-esr, as .ci/run does)`);

/** The engines a scenario written for puppeteer-core runs in: Debian's firefox-esr and its chromium. */
export type PuppeteerEngine = 'firefox' | 'chromium';

/** Why an engine cannot run here, or null when it can. */
export const engineMissing = (engine: PuppeteerEngine): string | null =>
  engine === 'firefox' ? firefoxMissing() : existsSync(CHROMIUM) ? null : `${CHROMIUM} is not installed (apt-get install chromium, as .ci/run does)`;

/** One engine driven by puppeteer-core: Firefox over WebDriver BiDi, Chromium over its DevTools protocol. */
export async function launchPuppeteer(engine: PuppeteerEngine): Promise<BidiBrowser> {
  const missing = engineMissing(engine);
  if (missing) throw new Error(missing);
  return engine === 'firefox'
    ? puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true, protocolTimeout: 60_000 })
    : puppeteer.launch({
        browser: 'chrome',
        executablePath: CHROMIUM,
        headless: true,
        protocolTimeout: 60_000,
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      });
}

/**
 * Screenshots of each page, saved by every run into .tmp/ (ignored by git) so that a test run leaves the tree clean;
 * CABINET_SCREENSHOTS=docs/cabinet refreshes the pictures docs/cabinet.md shows.
 */
export const SCREENSHOTS = process.env.CABINET_SCREENSHOTS || join(ROOT, '.tmp', 'cabinet-screenshots');

/** A page of either driver. */
type Screenshotting = { screenshot(options: { path: `${string}.png` }): Promise<unknown> };

export async function screenshot(page: Screenshotting, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${join(SCREENSHOTS, name)}.png` });
}
