import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEventsPath, listPageViewsPath } from '@vsp/contract/endpoints/analytics';
import { IN_APP_USER_AGENT_MARKER } from '../../apps/web/src/shared/device/device';
import { axeViolations } from '../support/axe';
import { cspViolations, expectPolicy, openPage, useBrowser, viewports, type PageProblems } from '../support/browser';
import { SITE_ROUTES as ROUTES } from '../support/site-routes';
import { startServer, type RunningServer } from '../support/server-process';
import { apiClient, apiLogin, loginContext } from '../support/session';

/** The store links the test server runs with: the configuration's defaults. */
const IOS_STORE = 'https://apps.apple.com/app/avatar-party/id6450000000';
const ANDROID_STORE = 'https://play.google.com/store/apps/details?id=com.avatarparty.app';

const UA = {
  android: viewports.phone.userAgent,
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};
const inAppPhone: BrowserContextOptions = { ...viewports.phone, userAgent: `${UA.android} ${IN_APP_USER_AGENT_MARKER}/3.2.0` };

const HIDDEN_IN_BROWSER = ['/quick-guide', '/quick-start-guide', '/ktv-party', '/creator'];
const HIDDEN_IN_APP = [...HIDDEN_IN_BROWSER, '/priv', '/userve', '/child-priv', '/recharge', '/oldRecharge'];

/** Waits until the shell has rendered the page (the footer is part of every page). */
async function shellReady(page: Page) {
  await page.getByTestId('site-footer').waitFor({ state: 'attached' });
}

const header = (page: Page) => page.getByTestId('site-header');

/** The header shows unless the route hides it; a guarded route may move on (login, /creator on phones), so the rule is read where the visitor lands. */
async function expectHeaderRule(page: Page, route: string, hidden: readonly string[]) {
  const landed = new URL(page.url()).pathname;
  expect(await header(page).count(), `header on ${route} (landed on ${landed})`).toBe(hidden.includes(landed) ? 0 : 1);
}
const menu = (page: Page) => page.getByTestId('site-menu');

/** Answers the external store pages with a stub: the test machine has no internet. */
async function stubStores(context: BrowserContext) {
  await context.route(/^https:\/\/(apps\.apple\.com|play\.google\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>store</title>' }),
  );
}

describe('site shell in a real browser', () => {
  const b = useBrowser();
  let operator: { token: string; uid: number };

  beforeAll(async () => {
    operator = await apiLogin(b.baseUrl, 'operator');
  });

  /** What the server stored for this page's browser session, read through the operators' endpoints. */
  const sessionOf = (page: Page) => page.evaluate(() => sessionStorage.getItem('analytics.session'));
  async function storedEvents(page: Page) {
    const sessionId = await sessionOf(page);
    return sessionId ? (await apiClient(b.baseUrl, operator).get(listEventsPath, { query: { sessionId, limit: 50 } })).items : [];
  }
  async function storedPageViews(page: Page) {
    const sessionId = await sessionOf(page);
    return sessionId ? (await apiClient(b.baseUrl, operator).get(listPageViewsPath, { query: { sessionId, limit: 50 } })).items : [];
  }

  describe('header visibility per route', () => {
    // In an ordinary browser the page sweep below checks the header on every route (English on a
    // desktop); here the native app's rules, with a test per route in one context.
    let context: BrowserContext;
    let page: Page;
    let problems: PageProblems;
    beforeAll(async () => {
      context = await b.context(inAppPhone);
      ({ page, problems } = await openPage(context));
    });
    afterAll(() => context?.close());

    it.each(ROUTES)('follows the route rules in the native app on %s', async (route) => {
      problems.consoleErrors.length = 0;
      await page.goto(route);
      await shellReady(page);
      await expectHeaderRule(page, route, HIDDEN_IN_APP);
      expect(problems.consoleErrors).toEqual([]);
    });

    it('hides the download button inside the app and shows it in a browser', async () => {
      const app = await b.context(inAppPhone);
      const { page } = await openPage(app);
      await page.goto('/about');
      await shellReady(page);
      expect(await header(page).count()).toBe(1);
      expect(await page.getByTestId('download-button').count()).toBe(0);
      await app.close();

      const browser = await b.context(viewports.phone);
      const other = await openPage(browser);
      await other.page.goto('/about');
      await other.page.getByTestId('download-button').waitFor();
      await browser.close();
    });
  });

  it('replaces the tabs by a hamburger at 1025 px or less, and closes the menu above 825 px', async () => {
    const context = await b.context({ viewport: { width: 1100, height: 800 } });
    const { page, problems } = await openPage(context);
    await page.goto('/exchange');
    await shellReady(page);
    const tabs = page.getByTestId('header-tabs');
    const toggle = page.getByTestId('menu-toggle');
    expect(await tabs.isVisible()).toBe(true);
    expect(await toggle.isVisible()).toBe(false);
    expect(await header(page).getAttribute('data-background')).toBe('translucent');

    await page.setViewportSize({ width: 1025, height: 800 });
    await expect.poll(() => toggle.isVisible()).toBe(true);
    expect(await tabs.isVisible()).toBe(false);
    // Let the resize settle (the shell's handler runs 200 ms after the last resize event).
    await page.waitForTimeout(400);

    await toggle.click();
    expect(await menu(page).isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await header(page).getAttribute('data-logo')).toBe('white');
    expect(await header(page).getAttribute('data-background')).toBe('none');

    // 900 px still shows the hamburger, but an open menu closes once the resize settles.
    await page.setViewportSize({ width: 900, height: 800 });
    await expect.poll(() => menu(page).isVisible()).toBe(false);
    expect(await toggle.isVisible()).toBe(true);
    expect(await header(page).getAttribute('data-logo')).toBe('dark');

    // At 825 px the menu stays open; one pixel wider it closes.
    await page.setViewportSize({ width: 800, height: 800 });
    await toggle.click();
    await page.setViewportSize({ width: 825, height: 800 });
    await page.waitForTimeout(600);
    expect(await menu(page).isVisible()).toBe(true);
    await page.setViewportSize({ width: 826, height: 800 });
    await expect.poll(() => menu(page).isVisible()).toBe(false);

    // Escape closes it too, and a link in it navigates and closes it.
    await toggle.click();
    await page.keyboard.press('Escape');
    expect(await menu(page).isVisible()).toBe(false);
    await toggle.click();
    await menu(page).getByRole('link', { name: 'Tutorial' }).click();
    await page.waitForURL('**/tutorial');
    expect(await menu(page).isVisible()).toBe(false);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });

  describe('the header fits in every language (issue 15)', () => {
    /** The header's visible parts as boxes, and any two of them that overlap. */
    const headerGeometry = (page: Page) =>
      page.evaluate(() => {
        const parts = Array.from(document.querySelectorAll('[data-testid="site-header"] .site-header__bar a[href], [data-testid="site-header"] .site-header__bar button, [data-testid="account-nickname"]'))
          .filter((el) => el.checkVisibility({ visibilityProperty: true }) && el.getBoundingClientRect().width > 0)
          .map((el) => ({ name: el.getAttribute('data-testid') ?? el.getAttribute('data-name') ?? el.className, box: el.getBoundingClientRect().toJSON() as DOMRect }));
        const overlaps: string[] = [];
        parts.forEach((a, i) =>
          parts.slice(i + 1).forEach((b) => {
            const w = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
            const h = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
            if (w > 0.5 && h > 0.5) overlaps.push(`${a.name} / ${b.name}`);
          }),
        );
        return { parts, overlaps, width: document.documentElement.clientWidth };
      });
    const settled = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(resolve)))));

    it('signed in on a desktop between 1026 and 1280 px: the tabs never run over the logo or the actions', async () => {
      const context = await b.context(viewports.desktop);
      await loginContext(context, b.baseUrl, 'demo');
      const { page, problems } = await openPage(context);
      // The layout sweep checks the header for overlaps at every width in every language; here the
      // switch between tabs and menu button in the longest languages, both directions.
      for (const lang of ['ms', 'tl', 'ar']) {
        await page.goto(`/exchange?lang=${lang}`);
        await shellReady(page);
        await page.getByTestId('account-nickname').waitFor({ state: 'attached' });
        for (const width of [1026, 1100]) {
          await page.setViewportSize({ width, height: 800 });
          await settled(page);
          const { overlaps, parts } = await headerGeometry(page);
          expect(overlaps, `${lang} at ${width} px`).toEqual([]);
          // Either the tabs show, or the menu button does (the tabs are in the menu).
          const names = parts.map((p) => p.name);
          expect(names.includes('menu-toggle') || names.filter((n) => ['home', 'music', 'creator-platform', 'tutorial', 'exchange'].includes(n)).length === 5, `${lang} at ${width} px: ${names.join(', ')}`).toBe(true);
        }
      }
      // English fits at 1280 px with every tab in the bar.
      await page.goto('/exchange?lang=en');
      await shellReady(page);
      await page.setViewportSize({ width: 1280, height: 800 });
      await settled(page);
      expect(await page.getByTestId('header-tabs').isVisible()).toBe(true);
      expect(await page.getByTestId('menu-toggle').isVisible()).toBe(false);
      expect(problems.consoleErrors).toEqual([]);
      await context.close();
    });

    it('signed in on a 390 px phone: the menu button is on the screen in every language, the nickname cut at its end', async () => {
      const context = await b.context(viewports.phone);
      await loginContext(context, b.baseUrl, 'demo');
      const { page } = await openPage(context);
      // (The layout sweep checks the menu button is on the screen at 390 px in every language.)
      for (const lang of ['ms', 'ar']) {
        await page.goto(`/exchange?lang=${lang}`);
        await shellReady(page);
        await settled(page);
        const { overlaps, parts, width } = await headerGeometry(page);
        expect(overlaps, lang).toEqual([]);
        const toggle = parts.find((p) => p.name === 'menu-toggle');
        expect(toggle, lang).toBeDefined();
        expect(toggle!.box.left, lang).toBeGreaterThanOrEqual(0);
        expect(toggle!.box.right, lang).toBeLessThanOrEqual(width);
        // The account entry is in the open menu, whole and on the screen.
        await page.getByTestId('menu-toggle').click();
        const logout = page.locator('[data-slot="account-menu"] button');
        await logout.waitFor();
        const box = (await logout.boundingBox())!;
        expect(box.x, lang).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, lang).toBeLessThanOrEqual(width);
        await page.getByTestId('menu-toggle').click();
      }
      // A Latin nickname on an Arabic page keeps its beginning when it is cut.
      // (After the log-in's own init script, which writes the user info on every load.)
      await context.addInitScript(() =>
        localStorage.setItem('userInfo', JSON.stringify({ ...JSON.parse(localStorage.getItem('userInfo')!), nickname: 'Demo Player '.repeat(8).trim() })),
      );
      await page.goto('/exchange?lang=ar');
      await shellReady(page);
      await page.getByTestId('menu-toggle').click();
      const nickname = page.locator('[data-slot="account-menu"] [data-testid="account-nickname"]');
      await nickname.waitFor();
      const cut = await nickname.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const text = range.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        return { truncated: el.scrollWidth > el.clientWidth, startVisible: Math.abs(text.left - box.left) < 1 };
      });
      expect(cut).toEqual({ truncated: true, startVisible: true });
      await context.close();
    });

    // Pages starting below the fixed header (defect 3): the layout sweep checks every heading of
    // every route, language and width against the header (layout-sweep.e2e.ts, check 4).
  });

  it('turns the about header into a gradient past 200 px, and scrolls to the top in about 500 ms on navigation', async () => {
    const context = await b.context(viewports.desktop);
    const { page, problems } = await openPage(context);
    await page.goto('/about');
    await shellReady(page);
    // Placeholder pages are short; give the page room to scroll.
    await page.evaluate(() => (document.body.style.minHeight = '4000px'));
    expect(await header(page).getAttribute('data-background')).toBe('transparent');
    await page.evaluate(() => window.scrollTo(0, 150));
    await page.waitForTimeout(100);
    expect(await header(page).getAttribute('data-background')).toBe('transparent');
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => header(page).getAttribute('data-background')).toBe('gradient');

    const started = Date.now();
    await header(page).getByRole('link', { name: 'Exchange' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(await header(page).getAttribute('data-background')).toBe('translucent');
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });

  it('answers 200 for every route of the build and 404 for any other path, /newRecharge included', async () => {
    const status = async (path: string) => (await fetch(new URL(path, b.baseUrl), { headers: { accept: 'text/html' } })).status;
    for (const route of ROUTES) expect(`${route} ${await status(route)}`).toBe(`${route} 200`);
    // Production serves the new top-up page at /recharge: /newRecharge is no page of this build.
    for (const path of ['/newRecharge', '/no/such/page', '/recharge/extra', '/exchange.php']) expect(`${path} ${await status(path)}`).toBe(`${path} 404`);
  });

  it('shows the 404 page for an unknown path, and the download dialog when the app does not open', async () => {
    const context = await b.context(viewports.desktop);
    const { page, problems } = await openPage(context);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByText('Network request error, the resource was not found').waitFor();
    await page.getByTestId('open-app').click();
    await page.getByText('Failed to open the app, attempting to recall').waitFor();
    const dialog = page.getByTestId('download-qr-dialog');
    await dialog.getByRole('heading', { name: 'Scan the code to download the app' }).waitFor();
    await dialog.getByTestId('qr-code').waitFor();
    expect(await dialog.getByTestId('download-app').textContent()).toBe('Download App');
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(false);
    // The browser reports the 404 status of the document itself; nothing else may fail.
    expect(problems.consoleErrors.filter((e) => !e.includes('status of 404'))).toEqual([]);
    await context.close();
  });

  describe('download clicks open the store of the platform and record their event', () => {
    it.each([
      ['Android', { ...viewports.phone, userAgent: UA.android }, ANDROID_STORE, 'jump_android_store'],
      ['iPhone', { ...viewports.phone, userAgent: UA.iphone }, IOS_STORE, 'jump_ios_store'],
      ['Mac', { ...viewports.desktop, userAgent: UA.mac }, IOS_STORE, 'jump_ios_store'],
      ['Windows (unknown platform)', { ...viewports.desktop, userAgent: UA.windows }, ANDROID_STORE, 'jump_android_store'],
    ] as const)('%s', async (_name, options, store, eventName) => {
      const context = await b.context(options);
      await stubStores(context);
      const { page, problems } = await openPage(context);
      await page.goto('/about');
      await shellReady(page);
      const [storePage] = await Promise.all([context.waitForEvent('page'), page.getByTestId('download-button').click()]);
      await storePage.waitForLoadState();
      expect(storePage.url()).toBe(store);
      await expect
        .poll(() => storedEvents(page))
        .toContainEqual(expect.objectContaining({ category: 'web_home', name: eventName, target: store, source: 'header', path: '/about' }));
      expect(problems.consoleErrors).toEqual([]);
      expect(problems.failedRequests).toEqual([]);
      await context.close();
    });

    it('shows the iOS notice first where upload-prompt-show is true, then opens the iOS store', async () => {
      const context = await b.context({ ...viewports.phone, userAgent: UA.iphone });
      await context.addInitScript(() => localStorage.setItem('lang', 'zh-Hans'));
      await stubStores(context);
      const { page } = await openPage(context);
      await page.goto('/exchange');
      await shellReady(page);
      let opened = 0;
      context.on('page', () => (opened += 1));
      await page.getByTestId('download-button').click();
      const notice = page.getByTestId('store-notice');
      await notice.getByRole('heading', { name: 'iOS用户须知' }).waitFor();
      expect(opened).toBe(0);
      const [storePage] = await Promise.all([context.waitForEvent('page'), notice.getByRole('button', { name: '确认' }).click()]);
      await storePage.waitForLoadState();
      expect(storePage.url()).toBe(IOS_STORE);
      await expect
        .poll(async () => (await storedEvents(page)).map((e) => e.name).sort())
        .toEqual(['ios_notice_open', 'jump_ios_store']);
      await context.close();
    });

    it('opens each store from its badge in the download dialog', async () => {
      const context = await b.context({ ...viewports.desktop, userAgent: UA.windows });
      await stubStores(context);
      const { page } = await openPage(context);
      await page.goto('/missing-page');
      await page.getByTestId('open-app').click();
      const dialog = page.getByTestId('download-qr-dialog');
      for (const [badge, store] of [['badge-ios', IOS_STORE], ['badge-android', ANDROID_STORE]] as const) {
        const [storePage] = await Promise.all([context.waitForEvent('page'), dialog.getByTestId(badge).click()]);
        await storePage.waitForLoadState();
        expect(storePage.url()).toBe(store);
        await storePage.close();
      }
      await expect
        .poll(async () => (await storedEvents(page)).filter((e) => e.source === 'qr_dialog').map((e) => e.name).sort())
        .toEqual(['jump_android_store', 'jump_ios_store']);
      await context.close();
    });
  });

  it('records a page view per navigation with title and path', async () => {
    const context = await b.context(viewports.desktop);
    const { page } = await openPage(context);
    await page.goto('/about');
    await shellReady(page);
    await page.getByTestId('site-header').getByRole('link', { name: 'Exchange' }).click();
    await page.waitForURL('**/exchange');
    await expect.poll(() => page.title()).toBe('Exchange | Avatar Party');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('gift pack code');
    expect(await page.locator('meta[name="keywords"]').getAttribute('content')).toContain('karaoke');
    await expect
      .poll(async () => (await storedPageViews(page)).map((v) => [v.path, v.title]).reverse())
      .toEqual([
        ['/about', 'About Us | Avatar Party'],
        ['/exchange', 'Exchange | Avatar Party'],
      ]);
    await context.close();
  });

  it('surfaces a page whose code fails to load with an error page and a retry', async () => {
    const context = await b.context(viewports.desktop);
    const { page } = await openPage(context);
    await page.goto('/about');
    await shellReady(page);
    // The next page chunk fails to arrive.
    await page.route(/\/assets\/not-found-page-.*\.js$/, (route) => route.abort('failed'));
    await page.evaluate(() => {
      window.history.pushState({}, '', '/definitely-missing');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByTestId('route-error').waitFor();
    expect(await page.getByRole('heading', { name: 'This page could not be loaded' }).isVisible()).toBe(true);
    await page.unroute(/\/assets\/not-found-page-.*\.js$/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('not-found').waitFor();
    await context.close();
  });

  // The page sweep: every route answered under the Content-Security-Policy with no violation
  // (decision 0081), no console error and no serious axe-core finding; on the desktop pass also the
  // header's route rule for an ordinary browser. One test per page, so that no test's time
  // depends on how many pages there are or how busy the machine is; a context per language, shared
  // by its pages. The two passes cover both layouts and both writing directions: English on a
  // desktop, Arabic on a phone.
  describe.each([
    ['en', 'desktop'],
    ['ar', 'phone'],
  ] as const)('every page under the security policy, with no serious or critical axe-core violations, in %s on a %s', (lang, viewport) => {
    let context: BrowserContext;
    let page: Page;
    let problems: PageProblems;
    beforeAll(async () => {
      context = await b.context(viewports[viewport]);
      await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
      ({ page, problems } = await openPage(context));
    });
    afterAll(() => context?.close());

    const audit = () => axeViolations(page);

    it.each([...ROUTES, '/no-such-page'])('on %s', async (route) => {
      problems.consoleErrors.length = 0;
      await page.setViewportSize(viewports[viewport].viewport);
      expectPolicy(await page.goto(route));
      await shellReady(page);
      // The stored language is adopted once the app has taken over (its texts may still be on their way).
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      if (viewport === 'desktop') await expectHeaderRule(page, route, HIDDEN_IN_BROWSER);
      expect(cspViolations(problems)).toEqual([]);
      // (The browser reports the 404 page's own status as a console error.)
      const notFound = route === '/no-such-page' ? /status of 404/ : null;
      expect(problems.consoleErrors.filter((e) => !notFound?.test(e))).toEqual([]);
      expect(await audit()).toEqual([]);
    });

    it('with the hamburger menu open', async () => {
      await page.setViewportSize({ width: 900, height: 800 });
      await page.goto('/about');
      await page.getByTestId('menu-toggle').click();
      await page.getByTestId('site-menu').waitFor();
      expect(await audit()).toEqual([]);
    });

    it("with the 404 page's download dialog open", async () => {
      await page.goto('/no-such-page');
      await page.getByTestId('open-app').click();
      await page.getByTestId('qr-code').waitFor();
      expect(await audit()).toEqual([]);
    });
  });
});

describe('footer from configuration', () => {
  const b = useBrowser();
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({
      SUPPORT_CONTACT_EMAIL: 'hello@party.test',
      SUPPORT_SERVICE_EMAIL: 'care@party.test',
      SHOW_COMPANY_INFO: 'true',
      COMPANY_NAME: 'Party Labs Pte. Ltd.',
      COMPANY_REGISTRATION_NUMBER: '202512345K',
    });
  });
  afterAll(() => server?.stop());

  it('shows the configured mailboxes and, behind its flag, the company line', async () => {
    const context = await b.context(viewports.desktop);
    const { page } = await openPage(context);
    await page.goto(`${server.baseUrl}/about`);
    const footer = page.getByTestId('site-footer');
    await footer.waitFor();
    expect(await footer.getByRole('link', { name: 'hello@party.test' }).getAttribute('href')).toBe('mailto:hello@party.test');
    expect(await footer.getByTestId('footer.service_email').textContent()).toBe('Customer service (24 hours): care@party.test');
    expect(await footer.getByTestId('company-line').textContent()).toBe('Party Labs Pte. Ltd., company registration number 202512345K');
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/priv');
    expect(await footer.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/userve');
    for (const name of ['Instagram', 'Facebook', 'TikTok', 'Discord']) expect(await footer.getByRole('link', { name }).count()).toBe(1);

    // The default test server leaves the company flag off.
    await page.goto(`${b.baseUrl}/about`);
    await footer.waitFor();
    expect(await footer.getByTestId('company-line').count()).toBe(0);

    // 825 px or less: the social links become a compact row of icons.
    await page.setViewportSize({ width: 825, height: 800 });
    const names = footer.locator('.social-link__name').first();
    await expect.poll(async () => (await names.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    await context.close();
  });
});
