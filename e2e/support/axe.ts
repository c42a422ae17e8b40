import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource: string = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/**
 * Puts axe-core into the page (as window.axe). Evaluated through the browser's debugging
 * protocol, not added as an inline <script>: the site's Content-Security-Policy refuses inline
 * scripts, and the tests run against the real headers.
 */
export async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.evaluate(axeSource);
}
