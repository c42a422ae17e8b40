import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useBrowser, viewports } from '../support/browser';

/** The first-load JavaScript budget of / (issue 17, decision 0124), gzip at the default level. */
const FIRST_LOAD_JS_BUDGET = 130 * 1024;

describe('home page in a real browser', () => {
  const b = useBrowser();

  it.each(Object.entries(viewports))('loads on %s without console errors or failed requests', async (_name, options) => {
    const context = await b.context(options);
    const { page, problems } = await openPage(context);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.title()).toContain('Avatar Party');
    await page.waitForLoadState('networkidle');
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await context.close();
  });

  it('loads at most 130 KB of JavaScript (gzip) on a first visit to /, none of it TanStack Query', async () => {
    const context = await b.context(viewports.phone);
    const { page } = await openPage(context);
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await page.goto('/');
    // Every script the first visit asks for, the app's chunks loaded after the first paint included.
    await page.waitForLoadState('networkidle');
    const bodies = await Promise.all(scripts.map((response) => response.body()));
    const bytes = bodies.reduce((sum, body) => sum + gzipSync(body).length, 0);
    expect(bytes).toBeGreaterThan(50 * 1024); // React itself is in it: the count is of real scripts
    expect(bytes).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);
    const code = bodies.map((body) => body.toString('utf8')).join('\n');
    expect(code).not.toContain('No QueryClient set');
    await context.close();
  });

  it('fetches only the small entry before the prerendered page paints; the app follows the paint', async () => {
    // What the HTML names (the entry and the modules it imports statically) is fetched and run before
    // the first paint; the app itself is imported by the entry once the page has painted (decision
    // 0124). A shared module that pulled the app into the entry's static imports would be in this list.
    const html = await (await fetch(`${b.baseUrl}/`)).text();
    const urls = [...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(0);
    const bodies = await Promise.all(urls.map(async (url) => Buffer.from(await (await fetch(new URL(url, b.baseUrl))).arrayBuffer())));
    const bytes = bodies.reduce((sum, body) => sum + gzipSync(body).length, 0);
    expect(bytes).toBeLessThanOrEqual(8 * 1024);
    expect(html).toMatch(/<script type="module" fetchpriority="low"/);
  });

  it('answers an unknown path with status 404 and the not-found page', async () => {
    const context = await b.context(viewports.desktop);
    const { page } = await openPage(context);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByTestId('not-found').isVisible()).toBe(true);
    await context.close();
  });

  it('chooses Arabic from the browser language and lays the page out right to left', async () => {
    const context = await b.context({ ...viewports.desktop, lang: 'ar-EG' });
    const { page } = await openPage(context);
    await page.goto('/about');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await context.close();
  });
});
