import { labelTextsPath } from '@vsp/contract/label-assets';
import { LANGUAGE_CODES } from '@vsp/contract/language-codes';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Response } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { collectPath, errorReportsPath } from '@vsp/contract/endpoints/analytics';
import { freshTotpCode, rememberTotpSecret, totpSecretOf, withTotpCode } from './operator-factor';
import { recentOperatorSession } from './session';
import { WAIT_CEILING_MS } from './waits';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/**
 * Debian's Chromium, never a downloaded browser: the lighter headless shell where it is installed
 * (it renders the same pages with less CPU; decision 0138), else the full browser.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'];

export const viewports = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  },
} satisfies Record<string, BrowserContextOptions>;

export interface PageProblems {
  consoleErrors: string[];
  failedRequests: string[];
}

/** The calls the site sends with keepalive (apps/web/src/shared/analytics). */
const KEPT_ALIVE = [collectPath, errorReportsPath];
/** The tab's icon: the browser stops fetching it when the page navigates on before it arrived. */
const TAB_ICONS = ['/favicon.svg', '/favicon.ico'];
/**
 * A language's texts: a prerendered page asks for them in the background once the app has taken
 * it over (decision 0178), and the browser stops that when the visitor leaves the page first.
 */
const LABEL_TEXTS = LANGUAGE_CODES.map(labelTextsPath);

/** How a Content-Security-Policy violation appears among a page's console errors. */
export const CSP_VIOLATION = 'Content-Security-Policy violation';

/**
 * The page was answered under the site's policy: scripts from this origin only (and the site's own
 * start-up module, allowed by its hash), framing refused.
 */
export function expectPolicy(response: Response | null) {
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/(^|;)\s*script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')*\s*(;|$)/);
  expect(csp).toMatch(/frame-ancestors 'none'/);
}

/** The CSP violations among a page's console errors: ours, and the browser's own "Refused to ..." lines. */
export function cspViolations(problems: PageProblems): string[] {
  return problems.consoleErrors.filter((e) => e.startsWith(CSP_VIOLATION) || e.includes('Content Security Policy'));
}

/**
 * Every page of a context reports each CSP violation as a console error, so every test that asserts
 * no console errors also asserts that the site's Content-Security-Policy blocked nothing.
 */
async function reportCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript((marker: string) => {
    window.addEventListener(
      'securitypolicyviolation',
      (event) => console.error(`${marker}: ${event.effectiveDirective} blocked ${event.blockedURI || 'an inline script or style'} (${event.sourceFile || document.URL}:${event.lineNumber})`),
      true,
    );
  }, CSP_VIOLATION);
}

/** A page that records console errors, page errors and failed requests for the test to assert. */
export async function openPage(context: BrowserContext): Promise<{ page: Page; problems: PageProblems }> {
  const page = await context.newPage();
  const problems: PageProblems = { consoleErrors: [], failedRequests: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => problems.consoleErrors.push(error.message));
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? '';
    // Analytics leaves with keepalive (or a beacon): when the page navigates on, the browser carries
    // the call to the server but reports the page's copy as aborted. That is no failure, nor is the
    // tab icon or the language's texts of a page left before they arrived (any other answer of
    // either still counts).
    const path = new URL(request.url()).pathname;
    if (error === 'net::ERR_ABORTED' && (KEPT_ALIVE.includes(path) || TAB_ICONS.includes(path) || LABEL_TEXTS.includes(path))) return;
    problems.failedRequests.push(`${request.method()} ${request.url()} ${error}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 500) problems.failedRequests.push(`${response.status()} ${response.url()}`);
  });
  // A prerendered page paints before the app runs; like a visitor, a test acts once the app has
  // taken it over (html[data-app-ready]). Pages the app renders itself are waited for by content.
  const untilAppReady = async <T>(navigated: T): Promise<T> => {
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready') || document.getElementById('root')?.dataset.prerendered === undefined);
    return navigated;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => untilAppReady(await goto(...args));
  page.reload = async (...args: Parameters<Page['reload']>) => untilAppReady(await reload(...args));
  return { page, problems };
}

/**
 * A new context of `browser` whose Playwright actions wait as long as the tests' other waits
 * (Playwright's own default, 30 s an action, is a fixed time on a busy machine).
 */
export async function newContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(WAIT_CEILING_MS);
  return context;
}

/** The suite's server of this test worker (global-setup.ts starts one per worker). */
export function workerBaseUrl(): string {
  const urls = inject('baseUrls');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length]!;
}

/** Launches one browser per test file and hands out contexts pointed at the test server. */
export function useBrowser() {
  let browser: Browser;
  const baseUrl = workerBaseUrl();
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    baseUrl,
    async context(options: BrowserContextOptions & { lang?: string } = {}) {
      const { lang, ...rest } = options;
      const context = await newContext(browser, { baseURL: baseUrl, ...(lang ? { locale: lang } : {}), ...rest });
      await reportCspViolations(context);
      return context;
    },
  };
}

/** The operator console in a fresh desktop context, logged in as the demo operator or `userName` (their first section shown). */
export async function consoleAsOperator(
  b: ReturnType<typeof useBrowser>,
  password: string,
  options: { userName?: string; baseURL?: string } = {},
): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const baseUrl = options.baseURL ?? b.baseUrl;
  const userName = options.userName ?? 'operator';
  const context = await b.context({ ...viewports.desktop, baseURL: baseUrl });
  const { page, problems } = await openPage(context);
  // The console's own sign-in, unless this test process signed this operator in on this server
  // through the API moments ago (apiLogin): then the tab starts with that session, as a console tab
  // does after its sign-in (each authenticator code is taken once, so a sign-in per call would wait
  // for the next 30 s step; decision 0155).
  const recent = await recentOperatorSession(baseUrl, userName, password);
  if (recent) {
    await context.addInitScript((session) => {
      if (sessionStorage.getItem('vsp.e2e.session-given')) return;
      sessionStorage.setItem('vsp.e2e.session-given', '1');
      sessionStorage.setItem('vsp.console.session', JSON.stringify(session));
    }, { token: recent.token, uid: recent.uid, userName });
    await page.goto('/console/');
    await page.getByRole('navigation', { name: 'Console sections' }).waitFor();
  } else {
    await page.goto('/console/');
    await consoleSignIn(page, userName, password);
  }
  return { context, page, problems };
}

/**
 * The console's sign-in on `page`: the password, then the second factor (decision 0155). An operator
 * without one enrols an authenticator app with the key the console shows (kept for their next
 * sign-in) and saves the recovery codes; one with a factor types the app's code. Ends on the
 * operator's first section.
 */
export async function consoleSignIn(page: Page, userName: string, password: string): Promise<{ recoveryCodes: string[] }> {
  await page.getByLabel('E-mail or user name').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const enrol = page.getByRole('heading', { name: 'Set up your second factor', level: 1 });
  const verify = page.getByRole('heading', { name: 'Confirm your sign-in', level: 1 });
  await enrol.or(verify).waitFor();
  let recoveryCodes: string[] = [];
  if (await enrol.isVisible()) {
    await page.getByRole('button', { name: 'Show my key' }).click();
    const secret = await page.getByLabel('Key for your authenticator app').inputValue();
    rememberTotpSecret(userName, secret);
    await page.getByLabel('Six-digit code').fill(await freshTotpCode(page.url(), secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Your recovery codes', level: 1 }).waitFor();
    recoveryCodes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
    await page.getByRole('button', { name: 'I have saved them' }).click();
  } else {
    const secret = totpSecretOf(userName);
    if (!secret) throw new Error(`no authenticator key is known for ${userName}`);
    await withTotpCode(page.url(), secret, async (code) => {
      await page.getByLabel('Six-digit code').fill(code);
      await page.getByRole('button', { name: 'Confirm' }).click();
      const refused = page.getByRole('alert').filter({ hasText: 'was not accepted' });
      await page.getByRole('navigation', { name: 'Console sections' }).or(refused).waitFor();
      return (await refused.isVisible()) ? undefined : true;
    });
  }
  await page.getByRole('navigation', { name: 'Console sections' }).waitFor();
  return { recoveryCodes };
}
