import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_PATHS } from '@vsp/contract/prerender';
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

  it('fetches no script before a prerendered page paints; its one inline module, allowed by hash, starts the app after', async () => {
    // Until the first paint the page's HTML and stylesheets have the connection and the main thread to
    // themselves (decision 0124; decision 0170 says what was tried against it): no script tag with a
    // source, no preload; the inline module imports the entry once the page has painted, and the
    // policy allows exactly that script by its hash. Every prerendered route, from the route table.
    for (const pagePath of PRERENDERED_PATHS) {
      const response = await fetch(`${b.baseUrl}${pagePath}?lang=en`);
      const html = await response.text();
      expect(html, pagePath).not.toMatch(/<script[^>]*\ssrc=|rel="modulepreload"/);
      const inline = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(inline, pagePath).toHaveLength(1);
      const hash = createHash('sha256').update(inline[0]!).digest('base64');
      expect(response.headers.get('content-security-policy'), pagePath).toContain(`script-src 'self' 'sha256-${hash}'`);
    }

    // In a browser: no script asked for before the paint, and the app starts after it; React
    // hydrates without an error.
    const context = await b.context(viewports.phone);
    const { page, problems } = await openPage(context);
    for (const pagePath of ['/', '/recharge']) {
      await page.goto(pagePath);
      await page.waitForLoadState('networkidle');
      const seen = await page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        return {
          paint,
          appStart: performance.getEntriesByName('vsp:app-start')[0]!.startTime,
          scripts: resources.filter((r) => new URL(r.name).pathname.endsWith('.js')).map((r) => ({ name: r.name, start: r.startTime })),
        };
      });
      expect(seen.appStart, pagePath).toBeGreaterThan(seen.paint);
      expect(seen.scripts.length, pagePath).toBeGreaterThan(3);
      expect(seen.scripts.filter((script) => script.start < seen.paint).map((script) => script.name), pagePath).toEqual([]);
    }
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
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
