import type { Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { listEventsPath, listPageViewsPath } from '@vsp/contract/endpoints/analytics';
import { rechargePaths, sitePaths } from '@vsp/contract/site-paths';
import { openPage, useBrowser, viewports } from '../support/browser';
import { apiClient, apiLogin, loginContext } from '../support/session';

/**
 * No secret leaves in a URL (issue 28, decision 0140). Every route of the website, found from the
 * contract's route table (a new page is covered without editing this test), opened signed in with
 * secret-looking query keys and a fragment: what the server stores of its page views and events,
 * and the Referer of every request the page makes, hold none of them, while the shareable keys
 * (lang) stay. (What the page itself sends is checked in apps/web/src/shared/analytics.)
 */
const SECRET = 'SEKRET';
const secretQuery = `token=${SECRET}-token&code=${SECRET}-code&order=${SECRET}-order&email=${SECRET}%40example.com&lang=en#${SECRET}-fragment`;
const ROUTES = [...new Set([...Object.values(sitePaths), ...Object.values(rechargePaths('production'))])];

describe('no secret leaves in a URL', () => {
  const b = useBrowser();
  let operator: { token: string; uid: number };
  beforeAll(async () => {
    operator = await apiLogin(b.baseUrl, 'operator');
  });

  it(`every route (${ROUTES.length}) keeps its secrets out of analytics, error reports, stored rows and Referer headers`, async () => {
    const context = await b.context(viewports.desktop);
    await loginContext(context, b.baseUrl, 'demo');
    await context.addCookies([{ name: 'iosNoticeSeen', value: '1', url: b.baseUrl }]);
    const { page } = await openPage(context);
    const referers: string[] = [];
    page.on('request', (request: Request) => {
      const referer = request.headers()['referer'];
      if (referer) referers.push(`${request.url()} <- ${referer}`);
    });
    const sessions = new Set<string>();
    const landed = new Set<string>();
    for (const route of ROUTES) {
      await page.goto(`${route}?${secretQuery}`);
      // The app has taken the page over: its page view is queued.
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      // A guarded or signed-out-only route may move on (its page view is the one it lands on).
      landed.add(new URL(page.url()).pathname);
      const session = await page.evaluate(() => sessionStorage.getItem('analytics.session'));
      if (session) sessions.add(session);
    }
    // Leaving the last page sends what is still batched (the site flushes on pagehide).
    await page.goto('about:blank');

    const operatorApi = apiClient(b.baseUrl, operator);
    const stored = async () => {
      const rows: unknown[] = [];
      for (const sessionId of sessions) {
        rows.push(...(await operatorApi.get(listPageViewsPath, { query: { sessionId, limit: 100 } })).items);
        rows.push(...(await operatorApi.get(listEventsPath, { query: { sessionId, limit: 100 } })).items);
      }
      return rows;
    };
    // Every page a route landed on has its page view stored, the shareable key kept.
    const viewedPaths = async () => new Set((await stored()).filter((row) => 'title' in (row as object)).map((row) => (row as { path: string }).path.split('?')[0]));
    await expect
      .poll(async () => {
        const viewed = await viewedPaths();
        return [...landed].filter((p) => !viewed.has(p));
      })
      .toEqual([]);
    const rows = JSON.stringify(await stored());
    expect(rows).toContain('lang=en');
    expect(rows.includes(SECRET), `stored: ${rows.slice(0, 2000)}`).toBe(false);
    expect(referers.filter((line) => line.split(' <- ')[1]!.includes(SECRET))).toEqual([]);
    await context.close();
  });
});
