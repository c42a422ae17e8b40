import { describe, expect, it } from 'vitest';
import { openPage, useBrowser, viewports } from '../support/browser';

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
