import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_PATHS } from '@vsp/contract/prerender';
import { useBrowser, viewports } from '../support/browser';

/**
 * A page works the moment it is painted (issue 27, decision 0139). For every prerendered page with a
 * form, found from the prerendered page list (a new page is covered without editing this test), on
 * the phone profile, with the site's scripts held back until the visitor has typed and tapped: what
 * was typed is still there after the app takes over, focus stays, and the tap is carried out exactly
 * once, shown as pending from the moment of the tap.
 */

/** A value for a field as a quick visitor would type it: digits where digits are asked for. */
function typedValue(field: { type: string; inputMode: string; name: string }, index: number): string {
  if (field.type === 'email') return `early${index}@example.com`;
  if (field.inputMode === 'numeric' || field.type === 'number' || field.type === 'tel') return `1000000${index}`;
  return `Typed early ${index} — ok`;
}

/** Every text-like field of the page's forms, in document order, as a selector the test can use. */
async function formFields(page: Page) {
  return page.evaluate(() => {
    const fields = Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('#root form input, #root form textarea')).filter((el) => {
      const type = el instanceof HTMLInputElement ? el.type : 'textarea';
      const r = el.getBoundingClientRect();
      return ['text', 'email', 'search', 'tel', 'number', 'url', 'textarea'].includes(type) && !el.disabled && r.width > 0 && r.height > 0;
    });
    return fields.map((el, index) => {
      el.setAttribute('data-early-test', String(index));
      return { index, type: el instanceof HTMLInputElement ? el.type : 'textarea', inputMode: el.inputMode, name: el.name, form: Array.from(document.forms).indexOf(el.form!) };
    });
  });
}

describe('input before the app takes over', () => {
  const b = useBrowser();

  /** A phone page of `path`, painted by the server, whose scripts wait for `release()`; null without a form. */
  async function openHeld(path: string, visitor: { userAgent?: string; lang?: string } = {}) {
    const context = await b.context({ ...viewports.phone, ...(visitor.userAgent ? { userAgent: visitor.userAgent } : {}) });
    await context.addCookies([{ name: 'iosNoticeSeen', value: '1', url: b.baseUrl }]);
    if (visitor.lang) await context.addInitScript((lang) => localStorage.setItem('lang', lang), visitor.lang);
    // The stores are other sites: answered here.
    await context.route(/^https:\/\/(apps\.apple\.com|play\.google\.com)\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>store</title>' }),
    );
    // Every form submission that reaches the page's own handlers (a held one is stopped before).
    await context.addInitScript(() => {
      (window as unknown as { submitsSeen: number }).submitsSeen = 0;
      window.addEventListener('submit', () => (window as unknown as { submitsSeen: number }).submitsSeen++);
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: Route[] = [];
    await context.route(/\/assets\/.+\.js$/, async (route) => {
      held.push(route);
      await released;
      await route.continue();
    });
    // (Not openPage: its navigation waits for the app, which is held here.)
    const page = await context.newPage();
    const problems = { consoleErrors: [] as string[] };
    page.on('console', (message) => void (message.type() === 'error' && problems.consoleErrors.push(message.text())));
    page.on('pageerror', (error) => problems.consoleErrors.push(error.message));
    // The phone profile of Lighthouse's mobile audit slows the CPU four times.
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(path, { waitUntil: 'commit' });
    await page.locator('#root[data-prerendered] main').waitFor();
    // The app has not started: its entry is held.
    await expect.poll(() => held.length).toBeGreaterThan(0);
    expect(await page.locator('html[data-app-ready]').count()).toBe(0);
    const fields = await formFields(page);
    const values = fields.map((field) => typedValue(field, field.index));
    for (const field of fields) await page.locator(`[data-early-test="${field.index}"]`).fill(values[field.index]!);
    const field = (index: number) => page.locator(`[data-early-test="${index}"]`);
    const takeOver = async () => {
      release();
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    };
    const submits = () => page.evaluate(() => (window as unknown as { submitsSeen: number }).submitsSeen);
    return { context, page, problems, fields, values, field, takeOver, submits };
  }

  const withForms = PRERENDERED_PATHS;

  it.each(withForms)('%s keeps what was typed, the focus and the caret', async (path) => {
    const { context, page, problems, fields, values, field, takeOver, submits } = await openHeld(path);
    if (fields.length > 0) {
      // Into the first field, the caret two characters back from its end, as a visitor moves it.
      await field(0).focus();
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
    }
    await takeOver();
    for (const f of fields) expect(await field(f.index).inputValue(), `field ${f.index} (${f.name}) after take-over`).toBe(values[f.index]);
    if (fields.length > 0) {
      expect(await field(0).evaluate((el) => el === document.activeElement), 'focus stays where it was').toBe(true);
      expect(await field(0).evaluate((el: HTMLInputElement) => el.selectionStart)).toBe(values[0]!.length - 2);
    }
    expect(await submits(), 'nothing was sent').toBe(0);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });

  it.each(withForms)('%s carries out a tap made before take-over exactly once', async (path) => {
    const { context, page, problems, fields, values, field, takeOver, submits } = await openHeld(path);
    if (fields.length === 0) return void (await context.close()); // no form on this page
    const submit = page.locator('#root form').nth(fields[0]!.form).locator('button[type="submit"], button:not([type])').first();
    await submit.tap();
    expect(await submit.getAttribute('data-early-pending'), 'pending from the moment of the tap').toBe('');
    expect(new URL(page.url()).pathname, 'the page stays').toBe(path);
    await takeOver();
    await expect.poll(submits, { message: 'the tap reached the app' }).toBe(1);
    for (const f of fields) {
      // A field the app moved on from (an account checked is replaced by its box) is no longer there.
      if ((await field(f.index).count()) === 0) continue;
      expect(await field(f.index).inputValue(), `field ${f.index} (${f.name}) after take-over`).toBe(values[f.index]);
    }
    expect(await page.locator('[data-early-pending]').count(), 'no pending mark left').toBe(0);
    expect(new URL(page.url()).pathname).toBe(path);
    // Exactly once, also a while later: a second replay would be a second submission.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
    expect(await submits()).toBe(1);
    expect(problems.consoleErrors.filter((e) => !/status of (400|404|409|429)/.test(e))).toEqual([]);
    await context.close();
  });

  describe('a store link pressed before take-over opens the store of the visitor, in their language\'s way', () => {
    // The page is painted for any browser (the Android store, English); the app knows the device
    // and the language, so the press waits for it, shown as pending.
    const IOS_STORE = 'https://apps.apple.com/app/avatar-party/id6450000000';
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const storesVisited = (context: BrowserContext) => context.pages().map((p) => p.url()).filter((url) => /apps\.apple\.com|play\.google\.com/.test(url));

    it('an iPhone in Chinese: the notice of its language first, then the iOS store', async () => {
      const { context, page, takeOver } = await openHeld('/about', { userAgent: iphone, lang: 'zh-Hans' });
      const button = page.getByTestId('download-button');
      await button.tap();
      expect(await button.getAttribute('data-early-pending'), 'pending from the moment of the tap').toBe('');
      expect(storesVisited(context), 'no store before the app decides').toEqual([]);
      await takeOver();
      const notice = page.getByTestId('store-notice');
      await notice.getByRole('heading', { name: 'iOS用户须知' }).waitFor();
      expect(storesVisited(context)).toEqual([]);
      const [storePage] = await Promise.all([context.waitForEvent('page'), notice.getByRole('button', { name: '确认' }).click()]);
      await storePage.waitForLoadState();
      expect(storePage.url()).toBe(IOS_STORE);
      expect(await page.locator('[data-early-pending]').count()).toBe(0);
      await context.close();
    });

    it('an iPhone in English: the iOS store, once, never the Android one', async () => {
      const { context, page, takeOver } = await openHeld('/about', { userAgent: iphone, lang: 'en' });
      await page.getByTestId('download-button').tap();
      expect(storesVisited(context)).toEqual([]);
      await takeOver();
      // In a new tab while the tap's permission lasts, else in this one (a slow take-over).
      await expect.poll(() => storesVisited(context)).toEqual([IOS_STORE]);
      await context.close();
    });
  });

  it('covers the forms it is about: the top-up account check and the customer service form are prerendered', () => {
    expect(withForms).toEqual(expect.arrayContaining(['/recharge', '/udesk']));
  });
});
