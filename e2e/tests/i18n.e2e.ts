import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleLabelOverrideSetPath, consoleLabelPublishPath } from '@vsp/contract/endpoints/labels';
import type { LanguageCode } from '@vsp/contract/language-codes';
import { axeViolations } from '../support/axe';
import { openPage, useBrowser, viewports } from '../support/browser';
import { repoRoot, startServer, type RunningServer } from '../support/server-process';
import { apiClient, apiLogin } from '../support/session';

/** Addresses of national carriers in the GeoIP data that the server ships. */
const EGYPT = '41.32.0.1';
const MALAYSIA = '175.136.0.1';
const REGIONAL_SITE = 'https://me.example.test';

const ABOUT = { en: 'About Us', ko: '회사 소개', th: 'เกี่ยวกับเรา', ar: 'من نحن' };

const heading = (page: Page) => page.locator('h1').first();
const htmlAttributes = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
const storedLabels = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('labels') ?? '{}') as Record<string, { version: number; texts: Record<string, string> }>);

/** The label files a page asks for, as `<file>?<query>` under /language/. */
function labelRequests(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/language/')) files.push(`${url.pathname.replace('/language/', '')}${url.search}`);
  });
  return files;
}
const withoutQuery = (files: string[]) => files.map((f) => f.split('?')[0]!);

/** The font the platform really drew an element's text with (not just the CSS stack). */
async function renderedFonts(context: BrowserContext, page: Page, selector: string): Promise<string[]> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((font) => font.familyName);
}


/** An operator changes one text through the console API and publishes it as a new label version. */
async function publishText(baseUrl: string, key: string, lang: LanguageCode, text: string): Promise<number> {
  const operator = apiClient(baseUrl, await apiLogin(baseUrl, 'operator'));
  await operator.post(consoleLabelOverrideSetPath, { body: { key, lang, text } });
  return (await operator.post(consoleLabelPublishPath)).version;
}

describe('languages, label refresh and the regional redirect in a real browser', () => {
  const b = useBrowser();
  /** Its own server: these tests publish label versions, and it trusts X-Forwarded-For from 127.0.0.1. */
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: '127.0.0.1', REGIONAL_SITE_URL: REGIONAL_SITE });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const context = (options: Parameters<typeof b.context>[0] = {}) => b.context({ ...viewports.desktop, baseURL: server.baseUrl, ...options });

  it('chooses the language from the browser codes and switches it from the keyboard without a reload', async () => {
    const ctx = await context({ lang: 'ko-KR' });
    const { page, problems } = await openPage(ctx);
    const files = labelRequests(page);
    await page.goto('/about');
    await expect.poll(() => heading(page).textContent()).toBe(ABOUT.ko);
    expect(await htmlAttributes(page)).toEqual({ lang: 'ko', dir: 'ltr' });
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));

    const button = page.getByTestId('language-switcher');
    await button.focus();
    await page.keyboard.press('ArrowDown');
    const list = page.getByRole('listbox');
    await expect.poll(() => list.isVisible()).toBe(true);
    expect(await list.evaluate((el) => getComputedStyle(el).zIndex)).toBe('2008');
    expect(await page.getByRole('option').allTextContents()).toEqual([
      'English', '简体中文', '繁體中文', 'Bahasa Melayu', 'Bahasa Indonesia', 'العربية', 'Tiếng Việt', 'ไทย', 'Filipino', 'हिन्दी', '한국어',
    ]);
    expect(await page.getByRole('option', { selected: true }).textContent()).toBe('한국어');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => list.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('language-switcher');

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Home');
    for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page).textContent()).toBe(ABOUT.th);
    expect(await htmlAttributes(page)).toEqual({ lang: 'th', dir: 'ltr' });
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(await page.title()).toContain(ABOUT.th);
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('th');

    // The stored choice wins over the browser's codes on the next visit.
    await page.reload();
    await expect.poll(() => heading(page).textContent()).toBe(ABOUT.th);
    expect(withoutQuery(files).filter((f) => f.startsWith('meta-home/'))).toEqual(['meta-home/ko.json', 'meta-home/th.json']);
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await ctx.close();
  });

  it("downloads only the visitor's language: no other language's text in anything the page loads", async () => {
    const ctx = await context({ lang: 'en-US' });
    const { page, problems } = await openPage(ctx);
    const bodies: Promise<string>[] = [];
    const files = labelRequests(page);
    page.on('response', (response) => {
      if (['script', 'fetch', 'document'].includes(response.request().resourceType())) bodies.push(response.text());
    });
    await page.goto('/about');
    await expect.poll(() => heading(page).textContent()).toBe(ABOUT.en);
    await page.waitForLoadState('networkidle');
    // The texts and the config are asked for side by side (decision 0157): in either order.
    expect(withoutQuery(files).sort()).toEqual(['config/config.json', 'meta-home/en.json']);
    const everything = (await Promise.all(bodies)).join('\n');
    expect(everything).toContain(ABOUT.en);
    for (const foreign of [ABOUT.th, ABOUT.ko, ABOUT.ar, '关于我们']) expect(everything).not.toContain(foreign);
    expect(Object.keys(await storedLabels(page))).toEqual(['en']);
    expect(problems.consoleErrors).toEqual([]);
    await ctx.close();
  });

  it('lays Arabic out right to left and draws each script with a font that has it', async () => {
    const ctx = await context({ lang: 'ar-EG' });
    const { page, problems } = await openPage(ctx);
    await page.goto('/about');
    await expect.poll(() => heading(page).textContent()).toBe(ABOUT.ar);
    expect(await htmlAttributes(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    const width = viewports.desktop.viewport.width;
    const title = (await heading(page).boundingBox())!;
    const switcher = (await page.getByTestId('language-switcher').boundingBox())!;
    expect(title.x + title.width).toBeGreaterThan(width * 0.7);
    expect(switcher.x).toBeLessThan(width * 0.3);
    expect(await renderedFonts(ctx, page, 'h1')).toEqual(['Noto Sans Arabic']);
    expect(await axeViolations(page)).toEqual([]);

    const expected: [string, string, string][] = [
      ['th', ABOUT.th, 'Noto Sans Thai'],
      ['hi', 'हमारे बारे में', 'Noto Sans Devanagari'],
      ['zh-Hans', '关于我们', 'Noto Sans CJK SC'],
      ['zh-Hant', '關於我們', 'Noto Sans CJK TC'],
      ['ko', ABOUT.ko, 'Noto Sans CJK KR'],
    ];
    for (const [lang, text, font] of expected) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.reload();
      await expect.poll(() => heading(page).textContent()).toBe(text);
      expect((await htmlAttributes(page)).dir).toBe('ltr');
      // The fonts of the heading's last layout: the new text is laid out a frame after it is set.
      await expect.poll(() => renderedFonts(ctx, page, 'h1'), { message: lang }).toEqual([font]);
    }
    expect(problems.consoleErrors).toEqual([]);
    await ctx.close();
  });

  it('ignores a failed config fetch silently and keeps painting from the cached texts', async () => {
    const ctx = await context({ lang: 'th-TH' });
    const { page } = await openPage(ctx);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto('/about');
    await expect.poll(() => heading(page).textContent()).toBe(ABOUT.th);
    // The page came with its own texts; the language's are stored once the app has taken it over.
    await expect.poll(async () => (await storedLabels(page)).th?.version ?? 0).toBeGreaterThan(0);

    await ctx.route('**/language/**', (route) => route.abort());
    const files = labelRequests(page);
    await page.reload();
    await expect.poll(() => heading(page).textContent()).toBe(ABOUT.th);
    await page.waitForLoadState('networkidle');
    expect(withoutQuery(files)).toEqual(['config/config.json']);
    expect(pageErrors).toEqual([]);
    expect(await page.locator('[data-testid="toast"]').count()).toBe(0);
    await ctx.close();
  });

  it('picks up a newly published label version on a page it renders itself: refetches the texts, stores them and reloads once', async () => {
    const ctx = await context({ lang: 'en-GB' });
    const { page, problems } = await openPage(ctx);
    const intro = page.locator('.auth-card__intro');
    await page.goto('/login');
    const original = await intro.textContent();
    const before = (await storedLabels(page)).en!.version;

    const edited = `Sign in to your Avatar Party account ${Date.now()}`;
    const version = await publishText(server.baseUrl, 'auth.login.intro', 'en', edited);
    expect(version).toBe(before + 1);

    let loads = 0;
    page.on('load', () => loads++);
    const files = labelRequests(page);
    await page.reload();
    await expect.poll(() => intro.textContent()).toBe(edited);
    expect(loads).toBe(2);
    expect((await storedLabels(page)).en!.version).toBe(version);
    expect(files.filter((f) => f.startsWith('meta-home/'))).toEqual([`meta-home/en.json?v=${version}`]);
    expect(files.filter((f) => f.startsWith('config/')).every((f) => /[?&]t=\d+/.test(f))).toBe(true);

    // Settled: the next config check finds nothing newer and the page stays put.
    await page.waitForTimeout(1000);
    expect(loads).toBe(2);
    expect(problems.consoleErrors).toEqual([]);
    // The reload may abort what the first load still had in flight (the favicon); nothing else may fail.
    expect(problems.failedRequests.filter((r) => !r.endsWith('net::ERR_ABORTED'))).toEqual([]);
    await publishText(server.baseUrl, 'auth.login.intro', 'en', original!);
    await ctx.close();
  });

  // Decision 0178: a prerendered page carries the published texts it is drawn with, so a stored copy
  // older than the page is not shown and no reload is needed; the newer texts are stored.
  it('shows a newly published label version on a prerendered page at once, without a reload, and stores it', async () => {
    const ctx = await context({ lang: 'en-GB' });
    const { page, problems } = await openPage(ctx);
    await page.goto('/about');
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
    await expect.poll(async () => (await storedLabels(page)).en?.version ?? 0).toBeGreaterThan(0);
    const before = (await storedLabels(page)).en!.version;

    const edited = 'About the Avatar Party team';
    const version = await publishText(server.baseUrl, 'route.about', 'en', edited);
    expect(version).toBe(before + 1);

    let loads = 0;
    page.on('load', () => loads++);
    const files = labelRequests(page);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
    expect(await heading(page).textContent()).toBe(edited);
    await expect.poll(async () => (await storedLabels(page)).en!.version).toBe(version);
    expect(loads).toBe(1);
    expect(files.filter((f) => f.startsWith('meta-home/'))).toEqual([`meta-home/en.json?v=${version}`]);
    expect(problems.consoleErrors).toEqual([]);
    await publishText(server.baseUrl, 'route.about', 'en', ABOUT.en);
    await ctx.close();
  });

  describe('regional redirect', () => {
    const regionalVisit = async (target: RunningServer, forwardedFor: string) => {
      const ctx = await b.context({ ...viewports.desktop, baseURL: target.baseUrl, extraHTTPHeaders: { 'X-Forwarded-For': forwardedFor } });
      await ctx.route(`${REGIONAL_SITE}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Regional site</h1>' }));
      const { page, problems } = await openPage(ctx);
      const lookups: string[] = [];
      page.on('response', (response) => {
        // The body is gone once the page has left for the regional site; only the staying cases read it.
        if (new URL(response.url()).pathname === '/v2/local/ip') void response.text().then((t) => lookups.push(t), () => undefined);
      });
      await page.goto('/exchange?from=test');
      return { ctx, page, problems, lookups };
    };

    it('sends a visitor whose address maps to Egypt to the same page on the regional site', async () => {
      const { ctx, page } = await regionalVisit(server, EGYPT);
      await expect.poll(() => page.url()).toBe(`${REGIONAL_SITE}/exchange?from=test`);
      expect(await heading(page).textContent()).toBe('Regional site');
      await ctx.close();
    });

    it('leaves a visitor from Malaysia on this site', async () => {
      const { ctx, page, problems, lookups } = await regionalVisit(server, MALAYSIA);
      await expect.poll(() => heading(page).textContent()).toBe('Redeem a gift code');
      await expect.poll(() => lookups).toEqual([`Malaysia|MY|${MALAYSIA}`]);
      expect(new URL(page.url()).origin).toBe(server.baseUrl);
      // The answer is kept for the tab's session: a reload paints without asking again.
      await page.reload();
      await expect.poll(() => heading(page).textContent()).toBe('Redeem a gift code');
      expect(lookups).toHaveLength(1);
      expect(problems.consoleErrors).toEqual([]);
      await ctx.close();
    });

    describe('the regional build (stable-me)', () => {
      let distDir: string;
      let regional: RunningServer;
      beforeAll(async () => {
        distDir = mkdtempSync(path.join(os.tmpdir(), 'vsp-web-stable-me-'));
        const build = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', distDir, '--emptyOutDir'], {
          cwd: path.join(repoRoot, 'apps', 'web'),
          env: { ...process.env, BUILD_VARIANT: 'stable-me' },
          encoding: 'utf8',
        });
        if (build.status !== 0) throw new Error(`stable-me build failed:\n${build.stdout}\n${build.stderr}`);
        regional = await startServer({ TRUST_PROXY: '127.0.0.1', REGIONAL_SITE_URL: REGIONAL_SITE, WEB_DIST: distDir });
      });
      afterAll(async () => {
        await regional?.stop();
        if (distDir) rmSync(distDir, { recursive: true, force: true });
      });

      it('never redirects, not even a visitor from Egypt, and does not ask for the country', async () => {
        const { ctx, page, problems, lookups } = await regionalVisit(regional, EGYPT);
        await expect.poll(() => heading(page).textContent()).toBe('Redeem a gift code');
        await page.waitForLoadState('networkidle');
        expect(new URL(page.url()).origin).toBe(regional.baseUrl);
        expect(lookups).toEqual([]);
        // It really is the regional build: its recharge paths are swapped (/newRecharge exists).
        await page.goto('/newRecharge');
        await expect.poll(() => heading(page).textContent()).toBe('Top up');
        expect(await page.getByTestId('not-found').count()).toBe(0);
        expect(problems.consoleErrors).toEqual([]);
        await ctx.close();
      });
    });
  });
});
