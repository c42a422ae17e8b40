import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { Errors } from '@vsp/contract/error-codes';
import { getUserInfoByTokenPath } from '@vsp/contract/endpoints/user';
import { latestResetLink } from '../../apps/server/src/test/outbox';
import { runAdminCli } from '../support/admin-cli';
import { axeViolations } from '../support/axe';
import { openPage, useBrowser, viewports, type PageProblems } from '../support/browser';
import { startServer, type RunningServer } from '../support/server-process';
import { DEMO_PASSWORD, apiLogin, apiLogout, apiRegister, apiUserInfoCode, loginContext } from '../support/session';

/**
 * Accounts in a real browser (issue 3): the login page, the route guard on every navigation, logout,
 * the forgotten-password flow through the outbox, on desktop and phone. These tests run on a server
 * of their own, so they can read its outbox and run the admin CLI on its data folder.
 */

/** A failed call the test provoked shows in the console as a failed resource; anything else is a defect. */
function unexpectedConsoleErrors(problems: PageProblems): string[] {
  return problems.consoleErrors.filter((text) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(text));
}

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
async function expectToast(page: Page, text: string) {
  await expect.poll(() => toast(page, text).count()).toBeGreaterThan(0);
}
const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/** A navigation inside the running single-page app (what a header link does), not a page load. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function fillLogin(page: Page, account: string, password: string) {
  await page.getByLabel('E-mail or user name').fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
}


const viewportList = Object.entries(viewports) as [keyof typeof viewports, BrowserContextOptions][];
/** Where each kind of device can land after logging in: the desktop a guarded page, the phone a public one. */
const landing = { desktop: '/music?from=login', phone: '/exchange?from=login' } as const;

describe('accounts in a real browser', () => {
  const b = useBrowser();
  let server: RunningServer;
  let blockedUid: number;

  beforeAll(async () => {
    server = await startServer();
    await apiRegister(server.baseUrl, 'e2e_reset', 'e2e-reset@example.com', 'first-password-1');
    blockedUid = (await apiRegister(server.baseUrl, 'e2e_blocked', 'e2e-blocked@example.com', 'blocked-password-1')).uid;
    // Blocked through the admin CLI while the server runs: the command goes over its admin channel.
    const blocked = await runAdminCli(server.dataDir, ['block', '--uid', String(blockedUid)]);
    expect(blocked, blocked.stderr).toMatchObject({ code: 0 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const context = (options: BrowserContextOptions) => b.context({ ...options, baseURL: server.baseUrl });

  describe.each(viewportList)('on %s', (name, options) => {
    it('logs in with the user name (Enter submits) and lands on the redirect path with the session stored', async () => {
      const ctx = await context(options);
      const { page, problems } = await openPage(ctx);
      await page.goto(`/login?redirect=${encodeURIComponent(landing[name])}`);
      await page.getByText('Log on with registered e-mail (or user name) and password').waitFor();
      await fillLogin(page, 'demo', DEMO_PASSWORD);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await expectToast(page, 'Login successful');
      await expect.poll(() => pathOf(page)).toBe(landing[name]);
      const stored = await page.evaluate(() => ({ token: localStorage.getItem('token'), uid: localStorage.getItem('uid'), userInfo: localStorage.getItem('userInfo') }));
      expect(stored.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(JSON.parse(stored.userInfo!)).toEqual({ uid: Number(stored.uid), nickname: 'Demo Player', userName: 'demo' });
      expect(unexpectedConsoleErrors(problems)).toEqual([]);
      expect(problems.failedRequests).toEqual([]);
      await ctx.close();
    });

    it('logs in with the e-mail through the button, which is disabled while the login is on its way', async () => {
      const ctx = await context(options);
      const { page, problems } = await openPage(ctx);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/v1/user/official/loginByEmailOrUserName', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`/login?redirect=${encodeURIComponent(landing[name])}`);
      await fillLogin(page, 'DEMO@example.com', DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      const button = page.getByRole('button', { name: 'Logging in…' });
      await expect.poll(() => button.isDisabled()).toBe(true);
      release();
      await expectToast(page, 'Login successful');
      await expect.poll(() => pathOf(page)).toBe(landing[name]);
      expect(unexpectedConsoleErrors(problems)).toEqual([]);
      await ctx.close();
    });

    it('shows the texts of a wrong password, an unknown user and a blocked user, and keeps no session', async () => {
      const ctx = await context(options);
      const { page, problems } = await openPage(ctx);
      await page.goto('/login');
      for (const [account, password, text] of [
        ['demo', 'not-the-password', 'The password entered is incorrect'],
        ['nobody-here', 'whatever-123', 'User not registered'],
        ['e2e_blocked', 'blocked-password-1', 'This account has been blocked'],
      ] as const) {
        await fillLogin(page, account, password);
        await page.getByRole('button', { name: 'Log in' }).click();
        await expectToast(page, text);
        await expect.poll(() => page.getByRole('button', { name: 'Log in' }).isEnabled()).toBe(true);
        expect(pathOf(page)).toBe('/login');
        expect(await storedToken(page)).toBeNull();
      }
      expect(unexpectedConsoleErrors(problems)).toEqual([]);
      await ctx.close();
    });

    it('asks for both fields and toggles the password between hidden and shown', async () => {
      const ctx = await context(options);
      const { page } = await openPage(ctx);
      await page.goto('/login');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByText('Please enter your e-mail or user name').waitFor();
      await page.getByText('Please enter your password').waitFor();
      const password = page.getByLabel('Password', { exact: true });
      await password.fill('secret-123');
      expect(await password.getAttribute('type')).toBe('password');
      await page.getByRole('button', { name: 'Show password' }).click();
      expect(await password.getAttribute('type')).toBe('text');
      expect(await page.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
      await page.getByRole('button', { name: 'Hide password' }).click();
      expect(await password.getAttribute('type')).toBe('password');
      await ctx.close();
    });
  });

  it('has accessible login and reset forms, and mirrors them in Arabic', async () => {
    const ctx = await context({ ...viewports.desktop, locale: 'ar-EG' });
    const { page, problems } = await openPage(ctx);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'تسجيل الدخول' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const input = await page.getByLabel('كلمة المرور', { exact: true }).boundingBox();
    const eye = await page.getByRole('button', { name: 'إظهار كلمة المرور' }).boundingBox();
    // inset-inline-end: the eye sits at the left end of the field in a right-to-left page.
    expect(eye!.x).toBeLessThan(input!.x + input!.width / 2);
    expect(await axeViolations(page, { tags: ['wcag2a', 'wcag2aa'], impacts: 'all' })).toEqual([]);
    await page.goto('/forgot-password');
    await page.getByRole('heading', { name: 'نسيت كلمة المرور' }).waitFor();
    expect(await axeViolations(page, { tags: ['wcag2a', 'wcag2aa'], impacts: 'all' })).toEqual([]);
    expect(unexpectedConsoleErrors(problems)).toEqual([]);
    await ctx.close();
  });

  it('sends a visitor without a session from a guarded page to the login page and back after login', async () => {
    const ctx = await context(viewports.desktop);
    const { page, problems } = await openPage(ctx);
    await page.goto('/music?song=7');
    await expect.poll(() => pathOf(page)).toBe(`/login?redirect=${encodeURIComponent('/music?song=7')}`);
    await expectToast(page, 'Please log in first');
    await fillLogin(page, 'demo@example.com', DEMO_PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/music?song=7');
    await page.getByRole('heading', { name: 'Upload Music' }).waitFor();
    expect(unexpectedConsoleErrors(problems)).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await ctx.close();
  });

  it('keeps the #hash of the page a visitor wanted through the login, on a first load and on a navigation inside the site', async () => {
    const ctx = await context(viewports.desktop);
    const { page } = await openPage(ctx);
    await page.goto('/music?song=7#song-form');
    await expect.poll(() => pathOf(page)).toBe(`/login?redirect=${encodeURIComponent('/music?song=7#song-form')}`);
    await fillLogin(page, 'demo@example.com', DEMO_PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect.poll(() => new URL(page.url()).hash).toBe('#song-form');
    expect(pathOf(page)).toBe('/music?song=7');
    await page.getByRole('heading', { name: 'Upload Music' }).waitFor();

    // Logged out again, a navigation inside the site to a guarded page keeps its hash too.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/about');
    await navigateInApp(page, '/upload#files');
    await expect.poll(() => pathOf(page)).toBe(`/login?redirect=${encodeURIComponent('/upload#files')}`);
    await ctx.close();
  });

  it('catches a token revoked elsewhere on the next navigation and ends the session', async () => {
    const ctx = await context(viewports.desktop);
    const session = await loginContext(ctx, server.baseUrl, 'demo');
    const { page, problems } = await openPage(ctx);
    await page.goto('/music');
    await page.getByRole('heading', { name: 'Upload Music' }).waitFor();
    await apiLogout(server.baseUrl, session);
    await navigateInApp(page, '/upload?draft=1');
    await expect.poll(() => pathOf(page)).toBe(`/login?redirect=${encodeURIComponent('/upload?draft=1')}`);
    await expectToast(page, 'You have logged out, please log in again');
    expect(await storedToken(page)).toBeNull();
    expect(unexpectedConsoleErrors(problems)).toEqual([]);
    await ctx.close();
  });

  it('keeps the page being left, with the progress bar, while the guard asks the server; a refused page never shows', async () => {
    const ctx = await context(viewports.desktop);
    const session = await loginContext(ctx, server.baseUrl, 'demo');
    const { page, problems } = await openPage(ctx);
    await page.goto('/about');
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // Notes whether the guarded page ever renders, however briefly.
    await page.evaluate(() => {
      const seen = window as unknown as { sawMusicPage: boolean };
      seen.sawMusicPage = false;
      new MutationObserver(() => {
        if ([...document.querySelectorAll('h1, h2')].some((heading) => heading.textContent?.trim() === 'Upload Music')) seen.sawMusicPage = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await apiLogout(server.baseUrl, session);
    // Call 2 waits until the page has been looked at.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = 0;
    await page.route(
      (url) => url.pathname === getUserInfoByTokenPath,
      async (route) => {
        asked += 1;
        await held;
        await route.continue();
      },
    );
    await page.getByRole('link', { name: 'Music' }).first().click();
    await expect.poll(() => asked).toBe(1);
    expect(pathOf(page)).toBe('/about');
    expect(await page.getByRole('progressbar').isVisible()).toBe(true);
    release();
    await expect.poll(() => pathOf(page)).toBe(`/login?redirect=${encodeURIComponent('/music')}`);
    await expectToast(page, 'You have logged out, please log in again');
    expect(await page.evaluate(() => (window as unknown as { sawMusicPage: boolean }).sawMusicPage)).toBe(false);
    expect(await page.getByRole('progressbar').count()).toBe(0);
    expect(unexpectedConsoleErrors(problems)).toEqual([]);
    await ctx.close();
  });

  it('logs out from the account menu: the server revokes the token and the page forgets it', async () => {
    const ctx = await context(viewports.phone);
    const { page, problems } = await openPage(ctx);
    await page.goto('/login');
    await fillLogin(page, 'demo', DEMO_PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/');
    const session = { token: (await storedToken(page))!, uid: Number(await page.evaluate(() => localStorage.getItem('uid'))) };
    await page.goto('/login');
    await page.getByText('You are logged in as Demo Player').waitFor();
    // The page's own account menu (the header carries one too, inside the phone's menu).
    const main = page.locator('main');
    expect(await main.getByTestId('account-nickname').textContent()).toBe('Demo Player');
    await main.getByRole('button', { name: 'Log out' }).click();
    await expectToast(page, 'You have logged out');
    await page.getByTestId('login-form').waitFor();
    expect(await storedToken(page)).toBeNull();
    expect(await apiUserInfoCode(server.baseUrl, session)).toBe(Errors.LoggedOut);
    expect(unexpectedConsoleErrors(problems)).toEqual([]);
    await ctx.close();
  });

  it('sends phones from desktop-only and PC pages to their mobile places', async () => {
    const ctx = await context(viewports.phone);
    await loginContext(ctx, server.baseUrl, 'demo');
    const { page, problems } = await openPage(ctx);
    for (const [from, to] of [
      ['/creator-platform', '/creator?tab=0'],
      ['/tutorial', '/creator?tab=1'],
      ['/music', '/'],
      ['/upload', '/'],
    ]) {
      await page.goto(from!);
      await expect.poll(() => pathOf(page), { message: from }).toBe(to);
    }
    expect(unexpectedConsoleErrors(problems)).toEqual([]);
    await ctx.close();

    const desktop = await context(viewports.desktop);
    const desk = await openPage(desktop);
    await desk.page.goto('/tutorial');
    await desk.page.getByRole('heading', { name: 'Tutorial' }).waitFor();
    expect(pathOf(desk.page)).toBe('/tutorial');
    await desktop.close();
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    const ctx = await context(viewports.desktop);
    const { page, problems } = await openPage(ctx);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill('e2e-reset@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByTestId('reset-sent').waitFor();
    expect(await page.getByTestId('reset-sent').textContent()).toContain('e2e-reset@example.com');

    const link = latestResetLink(`${server.dataDir}/outbox`, 'e2e-reset@example.com');
    expect(link).toBeDefined();
    const { pathname, search } = new URL(link!);
    await page.goto(`${pathname}${search}`);
    await page.getByLabel('New password', { exact: true }).fill('second-password-2');
    await page.getByLabel('Repeat new password').fill('second-password-3');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('The two passwords do not match').waitFor();
    await page.getByLabel('Repeat new password').fill('second-password-2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expectToast(page, 'Your password has been changed');
    await expect.poll(() => pathOf(page)).toBe('/login');

    await fillLogin(page, 'e2e_reset', 'second-password-2');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expectToast(page, 'Login successful');

    await page.goto(`${pathname}${search}`);
    await page.getByTestId('reset-dead-link').waitFor();
    expect(await page.getByTestId('reset-dead-link').textContent()).toBe('This password reset link has already been used');
    expect(unexpectedConsoleErrors(problems)).toEqual([]);
    await ctx.close();
  });
});

describe('an expired session in a real browser', () => {
  const b = useBrowser();
  const TTL_SECONDS = 8;
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ SESSION_TTL_SECONDS: String(TTL_SECONDS) });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('is caught on the next navigation with the expiry text', async () => {
    // The page must be open while the session is still alive; on a busy machine a load can take
    // longer than the short lifetime, so a slow attempt starts over with a fresh login.
    let opened: { ctx: BrowserContext; page: Page; problems: PageProblems; session: Awaited<ReturnType<typeof loginContext>> } | undefined;
    for (let attempt = 0; attempt < 5 && !opened; attempt++) {
      const ctx = await b.context({ ...viewports.desktop, baseURL: server.baseUrl });
      const session = await loginContext(ctx, server.baseUrl, 'demo');
      const { page, problems } = await openPage(ctx);
      await page.goto('/music');
      // The page, or (the session ended while it loaded) the sign-in page: then start over.
      const landed = await Promise.race([
        page.getByRole('heading', { name: 'Upload Music' }).waitFor().then(() => 'page' as const, () => 'closed' as const),
        page.waitForURL((url) => url.pathname === '/login').then(() => 'login' as const, () => 'closed' as const),
      ]);
      if (landed === 'page' && (await apiUserInfoCode(server.baseUrl, session)) === 1) opened = { ctx, page, problems, session };
      else await ctx.close();
    }
    expect(opened, 'the page opened while its session was alive').toBeDefined();
    const { ctx, page, problems, session } = opened!;
    // Wait for the state, not a time: the server itself says the session has ended.
    await expect.poll(() => apiUserInfoCode(server.baseUrl, session), { interval: 500 }).not.toBe(1);
    await navigateInApp(page, '/upload');
    await expect.poll(() => pathOf(page)).toBe('/login?redirect=%2Fupload');
    await expectToast(page, 'Your login has expired, please log in again');
    expect(await storedToken(page)).toBeNull();
    expect(unexpectedConsoleErrors(problems)).toEqual([]);
    await ctx.close();
  });

  it('a fresh login still works (the login page itself needs no session)', async () => {
    const session = await apiLogin(server.baseUrl, 'demo');
    expect(await apiUserInfoCode(server.baseUrl, session)).toBe(1);
  });
});
