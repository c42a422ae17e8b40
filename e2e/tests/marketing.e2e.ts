import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LanguageCode } from '@vsp/contract/languages';
import { textsFor } from '@vsp/labels';
import { axeViolations } from '../support/axe';
import { openPage, useBrowser, viewports, type PageProblems } from '../support/browser';

/** Every marketing, guide and legal page, with the heading a visitor reads first (a label key, or the legal title). */
const PAGES: { path: string; heading: (lang: 'en' | 'ar') => string }[] = [
  { path: '/about', heading: (l) => textsFor(l)['route.about']! },
  { path: '/quick-guide', heading: (l) => textsFor(l)['route.quick_guide']! },
  { path: '/quick-start-guide', heading: (l) => textsFor(l)['route.quick_start_guide']! },
  { path: '/room-rewards', heading: (l) => textsFor(l)['route.room_rewards']! },
  { path: '/update-content', heading: (l) => textsFor(l)['route.update_content']! },
  { path: '/friend-space', heading: (l) => textsFor(l)['route.friend_space']! },
  { path: '/user-group', heading: (l) => textsFor(l)['route.user_group']! },
  { path: '/ktv-party', heading: (l) => textsFor(l)['route.ktv_party']! },
  { path: '/tutorial', heading: (l) => textsFor(l)['route.tutorial']! },
  { path: '/creator?tab=0', heading: (l) => textsFor(l)['route.creator']! },
  { path: '/creator?tab=1', heading: (l) => textsFor(l)['route.creator']! },
  { path: '/udesk', heading: (l) => textsFor(l)['route.udesk']! },
  { path: '/priv', heading: (l) => (l === 'ar' ? 'سياسة الخصوصية' : 'Privacy Policy') },
  { path: '/userve', heading: (l) => (l === 'ar' ? 'شروط الخدمة' : 'Terms of Service') },
  { path: '/child-priv', heading: (l) => (l === 'ar' ? 'سياسة خصوصية الأطفال' : 'Children’s Privacy Policy') },
];

/** A context in the given language; the iOS notice counts as already seen unless the test wants it. */
async function contextFor(b: ReturnType<typeof useBrowser>, viewport: keyof typeof viewports, lang: LanguageCode, options: { iosNoticeSeen?: boolean } = {}) {
  const context = await b.context(viewports[viewport]);
  await context.addInitScript((lang) => localStorage.setItem('lang', lang), lang);
  // The language and notice cookies are what the server reads to pick the prerendered page.
  await context.addCookies([
    { name: 'lang', value: lang, url: b.baseUrl },
    ...(options.iosNoticeSeen ?? true ? [{ name: 'iosNoticeSeen', value: '1', url: b.baseUrl }] : []),
  ]);
  return context;
}

async function closeAll(...contexts: BrowserContext[]) {
  for (const context of contexts) await context.close();
}

describe('marketing, guide and legal pages in a real browser', () => {
  const b = useBrowser();

  // Each page in both layouts and both writing directions, one page per combination reused from
  // route to route. Accessibility (shell.e2e.ts, every route) and fit (layout-sweep.e2e.ts, every
  // width and language) have their own sweeps; this one reads what a visitor reads.
  describe.each([
    ['desktop', 'en'],
    ['desktop', 'ar'],
    ['phone', 'en'],
    ['phone', 'ar'],
  ] as const)('on a %s in %s', (viewport, lang) => {
    let context: BrowserContext;
    let page: Page;
    let problems: PageProblems;
    beforeAll(async () => {
      context = await contextFor(b, viewport, lang);
      ({ page, problems } = await openPage(context));
    });
    afterAll(() => context?.close());
    beforeEach(() => {
      problems.consoleErrors.length = 0;
      problems.failedRequests.length = 0;
    });

    it.each(PAGES)('$path: its heading, direction and content, with no errors', async ({ path, heading }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      if (viewport === 'phone' && path === '/tutorial') {
        // Phones read the tutorial in the mobile creator entry (spec section 2, route guard).
        await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/creator?tab=1');
        await expect.poll(() => page.getByTestId('creator-tutorial').isVisible()).toBe(true);
        return;
      }
      await expect.poll(() => page.locator('h1').first().textContent(), { message: `${path} heading` }).toBe(heading(lang));
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      // Real content, not a bare title: every page has several paragraphs of text.
      expect((await page.locator('#main').innerText()).length).toBeGreaterThan(400);
      await page.waitForLoadState('networkidle');
      expect(problems.consoleErrors).toEqual([]);
      expect(problems.failedRequests).toEqual([]);
    });

    it('home: six labelled slides with the download badges first, with no errors', async () => {
      expect((await page.goto('/'))?.status()).toBe(200);
      const carousel = page.locator('[aria-roledescription="carousel"]');
      await expect.poll(() => carousel.isVisible()).toBe(true);
      expect(await page.locator('[aria-roledescription="slide"]').count()).toBeGreaterThanOrEqual(6);
      expect(await page.locator('h1').first().textContent()).toBe(textsFor(lang)['home.slide.product.title']);
      expect(await page.getByTestId('home-slide-0').locator('a[href*="apps.apple.com"], a[href*="play.google.com"]').count()).toBe(2);
      await page.waitForLoadState('networkidle');
      expect(problems.consoleErrors).toEqual([]);
      expect(problems.failedRequests).toEqual([]);
    });
  });

  it('home: keyboard, dots and wheel move between slides; off-screen slides are inert', async () => {
    const context = await contextFor(b, 'desktop', 'en');
    const { page } = await openPage(context);
    await page.goto('/');
    const current = () => page.locator('[data-current="true"]').getAttribute('data-testid');
    await expect.poll(current).toBe('home-slide-0');
    expect(await page.getByTestId('home-dot-0').getAttribute('aria-current')).toBe('true');

    await page.keyboard.press('ArrowDown');
    await expect.poll(current).toBe('home-slide-1');
    await page.keyboard.press('PageDown');
    await expect.poll(current).toBe('home-slide-2');
    await page.keyboard.press('ArrowUp');
    await expect.poll(current).toBe('home-slide-1');
    await page.keyboard.press('End');
    await expect.poll(current).toBe('home-slide-5');
    await page.keyboard.press('Home');
    await expect.poll(current).toBe('home-slide-0');

    await page.getByTestId('home-dot-3').click();
    await expect.poll(current).toBe('home-slide-3');
    expect(await page.getByTestId('home-dot-3').getAttribute('aria-current')).toBe('true');
    expect(await page.getByTestId('home-dot-0').getAttribute('aria-current')).toBeNull();
    // Only the slide on screen can take focus.
    expect(await page.getByTestId('home-slide-0').evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    expect(await page.getByTestId('home-slide-3').evaluate((el) => (el as HTMLElement).inert)).toBe(false);

    await page.mouse.move(700, 450);
    await page.mouse.wheel(0, 300);
    await expect.poll(current).toBe('home-slide-4');
    await page.waitForTimeout(900); // one gesture, one slide: wait out the wheel lock
    await page.mouse.wheel(0, -300);
    await expect.poll(current).toBe('home-slide-3');
    await context.close();
  });

  it('home: in Arabic the left arrow moves forward (mirrored layout)', async () => {
    const context = await contextFor(b, 'desktop', 'ar');
    const { page } = await openPage(context);
    await page.goto('/');
    const current = () => page.locator('[data-current="true"]').getAttribute('data-testid');
    await expect.poll(current).toBe('home-slide-0');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(current).toBe('home-slide-1');
    await page.keyboard.press('ArrowRight');
    await expect.poll(current).toBe('home-slide-0');
    await context.close();
  });

  it('home: a swipe up on a phone moves to the next slide', async () => {
    const context = await contextFor(b, 'phone', 'en');
    const { page } = await openPage(context);
    await page.goto('/');
    const current = () => page.locator('[data-current="true"]').getAttribute('data-testid');
    await expect.poll(current).toBe('home-slide-0');
    await page.getByTestId('home-slide-0').evaluate((slide) => {
      const touch = (y: number) => new Touch({ identifier: 1, target: slide, clientX: 200, clientY: y });
      slide.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [touch(600)], changedTouches: [touch(600)] }));
      slide.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(300)] }));
    });
    await expect.poll(current).toBe('home-slide-1');
    await context.close();
  });

  it('home: the iOS maintenance notice of May 20, 2025 opens once per session and closes', async () => {
    const context = await contextFor(b, 'phone', 'en', { iosNoticeSeen: false });
    const { page, problems } = await openPage(context);
    await page.goto('/');
    const notice = page.getByTestId('ios-notice');
    await expect.poll(() => notice.isVisible()).toBe(true);
    const text = await notice.innerText();
    expect(text).toContain('May 20, 2025');
    expect(text).toContain(textsFor('en')['home.ios_notice.compensation']);
    expect(await axeViolations(page)).toEqual([]);
    await notice.getByRole('button').click();
    await expect.poll(() => notice.isVisible()).toBe(false);
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(await notice.isVisible()).toBe(false);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });

  it('legal pages: Arabic has its own text; a language without one shows English with a localised notice', async () => {
    const ar = await contextFor(b, 'desktop', 'ar');
    const vi = await contextFor(b, 'desktop', 'vi');
    const { page: arPage } = await openPage(ar);
    const { page: viPage } = await openPage(vi);
    await arPage.goto('/priv');
    await viPage.goto('/userve');
    await expect.poll(() => arPage.getByTestId('legal-document').getAttribute('lang')).toBe('ar');
    expect(await arPage.getByTestId('legal-english-notice').count()).toBe(0);
    await expect.poll(() => viPage.getByTestId('legal-document').getAttribute('lang')).toBe('en');
    expect(await viPage.getByTestId('legal-english-notice').innerText()).toBe(textsFor('vi')['legal.english_notice']);
    expect(await viPage.locator('h1').textContent()).toBe('Terms of Service');
    await closeAll(ar, vi);
  });

  it('creator: the tabs switch between the platform (log in on a PC) and the tutorial', async () => {
    const context = await contextFor(b, 'phone', 'en');
    const { page } = await openPage(context);
    await page.goto('/creator?tab=0');
    await expect.poll(() => page.getByTestId('creator-platform').isVisible()).toBe(true);
    expect(await page.getByTestId('creator-platform').innerText()).toContain(textsFor('en')['creator.platform.pc_only']);
    await page.getByRole('tab', { name: textsFor('en')['creator.tab.tutorial'] }).click();
    await expect.poll(() => page.url()).toContain('tab=1');
    await expect.poll(() => page.getByTestId('creator-tutorial').isVisible()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.url()).toContain('tab=0');
    await context.close();
  });

  it('customer service: the form shows localised field errors, stores the message and shows its reference', async () => {
    const context = await contextFor(b, 'phone', 'ar');
    const { page, problems } = await openPage(context);
    await page.goto('/udesk');
    const ar = textsFor('ar');
    const form = page.getByTestId('contact-form');
    await expect.poll(() => form.isVisible()).toBe(true);
    await form.getByRole('button', { name: ar['udesk.form.submit'] }).click();
    await expect.poll(() => form.innerText()).toContain(ar['udesk.error.email_required']);
    expect(await form.innerText()).toContain(ar['udesk.error.topic_required']);
    expect(await page.locator('#contact-email').evaluate((el) => el === document.activeElement)).toBe(true);

    await page.fill('#contact-name', 'Mia');
    await page.fill('#contact-email', 'mia@example.com');
    await page.fill('#contact-uid', '10000001');
    await page.selectOption('#contact-topic', 'recharge');
    await page.fill('#contact-message', 'Diamonds from my top-up yesterday did not arrive in the app.');
    await form.getByRole('button', { name: ar['udesk.form.submit'] }).click();
    const reference = page.getByTestId('contact-reference');
    await expect.poll(() => reference.isVisible()).toBe(true);
    expect(await reference.innerText()).toMatch(/^CS-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(await page.getByTestId('contact-success').innerText()).toContain(ar['udesk.success.title']);
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await context.close();
  });
});
