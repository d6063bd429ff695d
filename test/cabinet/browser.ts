/** Headless Chromium for the cabinet's browser tests: Debian's chromium driven by playwright-core. */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT } from '../helpers/server.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found: install Debian's chromium (apt-get install chromium), as .ci/run does`);
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

/** Screenshots of each page go where docs/cabinet.md shows them from (CABINET_SCREENSHOTS overrides). */
export const SCREENSHOTS = process.env.CABINET_SCREENSHOTS || join(ROOT, 'docs', 'cabinet');

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false });
}
