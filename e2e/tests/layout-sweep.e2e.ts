import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, type LanguageCode } from '@vsp/contract/languages';
import { CHROMIUM_ARGS, CHROMIUM_PATH, newContext, openPage, viewports, workerBaseUrl } from '../support/browser';
import { repoRoot } from '../support/server-process';
import { loginContext } from '../support/session';

/**
 * The layout sweep (decision 0101): every route x every language x six widths, signed in and
 * signed out, asserting geometry rather than pixels. One browser, one page per session state; a
 * language is one page load, a route a client-side navigation, a width a viewport change, and
 * each (route, language, width) is read in ONE page.evaluate.
 */

/**
 * The narrowest phone, a common phone, a tablet, both sides of the desktop breakpoint and a wide
 * screen: a layout that holds at 320 and 390 px holds between them, and the desktop header is
 * tightest at 1026 px (shell.e2e.ts checks it at 1100 px in the longest languages).
 */
const WIDTHS = [320, 390, 768, 1024, 1026, 1440] as const;
/** Below this width the product's mobile layout applies and targets must be 44 x 44 px. */
const MOBILE_MAX = 825;
const TAP_MIN = 44;
/** LAYOUT_SCREENSHOTS=1 keeps pictures of these languages and widths for a person to look at (test-results/layout). */
const SCREENSHOTS = process.env.LAYOUT_SCREENSHOTS === '1';
/**
 * Pages working side by side in each session state. A probe mostly waits for frames after a width
 * change, so tabs side by side keep the sweep short (issue 26). One when taking pictures: headless
 * Chromium's screenshots of tabs working side by side in one window may show another tab's surface.
 */
const TABS = SCREENSHOTS ? { in: 1, out: 1 } : { in: 4, out: 2 };
/** The signed-in routes of a language are swept in this many tests, each well under its timeout. */
const SIGNED_IN_PARTS = 2;
const SCREENSHOT_LANGS: readonly LanguageCode[] = ['en', 'ar', 'th'];
const SCREENSHOT_WIDTHS = [390, 1440];
/** SWEEP_LANGS=en,ar narrows a run while working on the layout; the suite sweeps all twelve. */
const SWEEP_LANGS = (process.env.SWEEP_LANGS?.split(',') ?? LANGUAGE_CODES).filter((l): l is LanguageCode => (LANGUAGE_CODES as readonly string[]).includes(l));
const SCREENSHOT_DIR = path.join(repoRoot, 'test-results', 'layout');

/** Pages every visitor sees (production build: /recharge new, /oldRecharge legacy), plus the 404 page. */
const PUBLIC_ROUTES = [
  '/', '/about', '/priv', '/child-priv', '/userve', '/quick-guide', '/quick-start-guide', '/room-rewards', '/update-content',
  '/friend-space', '/user-group', '/ktv-party', '/udesk', '/tutorial', '/creator', '/exchange', '/recharge', '/oldRecharge',
  '/receipt', '/no-such-page',
];
/** Pages behind the login (signed in only). */
const ACCOUNT_ROUTES = ['/music', '/upload', '/creator-platform', '/orders', '/account'];
/** Pages for visitors who are not signed in. */
const SIGNED_OUT_ROUTES = ['/login', '/forgot-password', '/reset-password?token=sweep'];
/**
 * Signed out, only the header's account entry differs (a Log in link): the pages for visitors
 * who are not signed in, and one page per header look (home's scrim, the translucent pages).
 */
const SIGNED_OUT_SWEEP = [...SIGNED_OUT_ROUTES, '/', '/exchange'];

interface Probe {
  violations: string[];
}

/**
 * Reads the page's geometry after the layout has settled (fonts, three frames) and answers every
 * violation found, each a short line. Runs in the page: no closures over test code.
 */
function probe({ mobile, tapMin, spacedScript }: { mobile: boolean; tapMin: number; spacedScript: boolean }): Promise<Probe> {
  const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  return document.fonts.ready.then(frame).then(frame).then(frame).then(() => {
    const violations: string[] = [];
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const describe = (el: Element) => {
      const testId = el.getAttribute('data-testid');
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/)[0]}` : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 24);
      return `${el.tagName.toLowerCase()}${testId ? `[${testId}]` : cls}${text ? ` "${text}"` : ''}`;
    };
    const box = (r: DOMRect) => `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    };
    /** Hidden by an ancestor that clips it (a carousel's other slides), or reachable by scrolling an ancestor. */
    const clippedOrScrollable = (el: Element) => {
      const r = el.getBoundingClientRect();
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX === 'visible') continue;
        if (s.overflowX === 'auto' || s.overflowX === 'scroll') return true;
        const ar = a.getBoundingClientRect();
        if (r.right <= ar.left + 1 || r.left >= ar.right - 1 || r.bottom <= ar.top + 1 || r.top >= ar.bottom - 1) return true;
      }
      return false;
    };

    // 1. No horizontal scroll.
    const scrollWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    if (scrollWidth > vw + 1) violations.push(`horizontal scroll: page is ${scrollWidth}px wide in a ${vw}px window`);

    // 2. Nothing in the header overlaps anything else in it.
    const header = document.querySelector<HTMLElement>('[data-testid="site-header"]');
    const headerFixed = header && getComputedStyle(header).position === 'fixed';
    if (header) {
      const parts = Array.from(
        header.querySelectorAll('.site-header__bar a[href], .site-header__bar button, .site-header__bar [data-testid="account-nickname"]'),
      ).filter((el) => shown(el) && !el.closest('.language-switcher__list'));
      for (let i = 0; i < parts.length; i++) {
        for (let j = i + 1; j < parts.length; j++) {
          const a = parts[i]!;
          const b = parts[j]!;
          if (a.contains(b) || b.contains(a)) continue;
          const ra = a.getBoundingClientRect();
          const rb = b.getBoundingClientRect();
          const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
          const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
          if (w > 0.5 && h > 0.5) violations.push(`header overlap: ${describe(a)} (${box(ra)}) and ${describe(b)} (${box(rb)})`);
        }
      }
    }

    // 3. Nothing interactive outside the window (sideways; the fixed header also up and down).
    const interactive = Array.from(
      document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="checkbox"]'),
    ).filter((el) => shown(el) && !el.classList.contains('skip-link'));
    for (const el of interactive) {
      const r = el.getBoundingClientRect();
      const inHeader = header?.contains(el) && headerFixed;
      const outside = r.left < -1 || r.right > vw + 1 || (inHeader && (r.top < -1 || r.bottom > vh + 1));
      if (outside && !clippedOrScrollable(el)) violations.push(`outside the window: ${describe(el)} at ${box(r)}`);
    }

    // 4. No heading under the fixed header (read at the top of the page).
    if (header && headerFixed && window.scrollY < 1) {
      const hr = header.querySelector('.site-header__bar')!.getBoundingClientRect();
      for (const h of Array.from(document.querySelectorAll('main h1, main h2, main h3'))) {
        if (!shown(h)) continue;
        const r = h.getBoundingClientRect();
        if (r.top < hr.bottom - 1 && r.bottom > hr.top && r.right > hr.left && r.left < hr.right) {
          violations.push(`heading under the header: ${describe(h)} top ${Math.round(r.top)}px, header bottom ${Math.round(hr.bottom)}px`);
        }
      }
    }

    // 5. Text is not cut: no box whose own text overflows it (ellipsis is a deliberate, visible cut),
    //    and no word broken inside itself where the script separates words with spaces.
    const textElements = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => (node.nodeValue && node.nodeValue.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
    });
    const textNodes: Text[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || parent.closest('script, style, noscript, svg, [hidden]')) continue;
      textNodes.push(n as Text);
      textElements.add(parent);
    }
    for (const el of textElements) {
      if (!shown(el)) continue;
      const s = getComputedStyle(el);
      if (s.display.startsWith('inline') && s.display !== 'inline-block' && s.display !== 'inline-flex') continue;
      if (s.textOverflow === 'ellipsis' || s.overflowX === 'auto' || s.overflowX === 'scroll') continue;
      // (A visually hidden text for screen readers is a 1 px box on purpose.)
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 1) {
        violations.push(`text wider than its box: ${describe(el)} needs ${el.scrollWidth}px, has ${el.clientWidth}px (overflow ${s.overflowX})`);
      }
    }
    if (spacedScript) {
      // Words of letters; an e-mail address or a web address may break anywhere.
      const word = /(?<![\p{L}\p{M}\p{N}@./_-])[\p{L}\p{M}]{2,}(?![\p{L}\p{M}\p{N}@/_-]|\.[\p{L}\p{N}])/gu;
      for (const node of textNodes) {
        const parent = node.parentElement!;
        const s = getComputedStyle(parent);
        const breaksWords = s.overflowWrap !== 'normal' || s.wordBreak === 'break-all' || s.wordBreak === 'break-word';
        if (!breaksWords || !shown(parent)) continue;
        const text = node.nodeValue!;
        const range = document.createRange();
        // A word can only break inside if it is wider than its line: no glyph is wider than 1.2 em,
        // so words shorter than the box allows are skipped without measuring (most of a legal page).
        const fits = parent.clientWidth / (1.2 * parseFloat(s.fontSize));
        for (const match of text.matchAll(word)) {
          if (match[0].length < fits) continue;
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) violations.push(`word broken inside: "${match[0]}" in ${describe(parent)}`);
        }
      }
    }

    // 6. On the mobile layout every target is at least 44 x 44 px; links inside running text are
    //    exempt (WCAG 2.5.8), a check box or radio button counts with its label.
    if (mobile) {
      for (const el of interactive) {
        let r = el.getBoundingClientRect();
        if (r.bottom < 0) continue;
        if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio' || el.type === 'file')) {
          const label = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null);
          if (label) r = label.getBoundingClientRect();
          else if (el.type === 'file' && !shown(el)) continue;
        }
        if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') {
          let block = el.parentElement;
          while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
          const own = (el.textContent ?? '').trim().length;
          if (block && (block.textContent ?? '').trim().length > own + 1) continue;
        }
        if (r.width < tapMin - 0.5 || r.height < tapMin - 0.5) violations.push(`too small to tap: ${describe(el)} ${Math.round(r.width)}x${Math.round(r.height)}`);
      }
    }
    return { violations };
  });
}

/** Requests the page has in flight (a page is measured once its data has arrived). */
function trackRequests(page: Page): () => number {
  const pending = new Set<Request>();
  // (The browser's own favicon request may never report an end.)
  const tracked = new Set(['document', 'script', 'stylesheet', 'font', 'fetch', 'xhr']);
  page.on('request', (request) => {
    if (tracked.has(request.resourceType())) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return () => pending.size;
}

/** A client-side navigation, as a link would do it; resolves once the new page has rendered. */
async function navigate(page: Page, route: string, inFlight: () => number) {
  await page.evaluate((to) => {
    (window as unknown as { sweepOldPage: Element | null }).sweepOldPage = document.getElementById('main')?.firstElementChild ?? null;
    history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, route);
  await page.waitForFunction(() => {
    const current = document.getElementById('main')?.firstElementChild ?? null;
    return current !== null && current !== (window as unknown as { sweepOldPage: Element | null }).sweepOldPage && !document.querySelector('.nav-progress');
  }, null);
  await settle(page, inFlight);
}

async function settle(page: Page, inFlight: () => number) {
  // (A top-up page keeps its status request open: wait for data a while, not for ever.)
  const deadline = Date.now() + 5_000;
  while (inFlight() > 0 && Date.now() < deadline) await page.waitForTimeout(25);
}

const slug = (route: string) => (route === '/' ? 'home' : route.replace(/^\//, '').replace(/[^\w-]+/g, '_'));

interface Tab {
  page: Page;
  inFlight: () => number;
}

/**
 * Sweeps the routes in one language, shared out over the session's tabs (they work side by side),
 * and answers the compact report: one line per violation, with the widths it was found at.
 */
async function sweep(tabs: readonly Tab[], lang: LanguageCode, routes: readonly string[], state: string): Promise<string[]> {
  const found = new Map<string, number[]>();
  const spacedScript = !['zh-Hans', 'zh-Hant', 'th'].includes(lang);
  await Promise.all(
    tabs.map(async ({ page, inFlight }, tabIndex) => {
      const mine = routes.filter((_, index) => index % tabs.length === tabIndex);
      for (const [index, route] of mine.entries()) {
        if (index === 0) {
          await page.setViewportSize({ width: 1440, height: 800 });
          await page.goto(`${route}${route.includes('?') ? '&' : '?'}lang=${lang}`);
          await settle(page, inFlight);
        } else {
          await navigate(page, route, inFlight);
        }
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          const { violations } = await page.evaluate(probe, { mobile: width <= MOBILE_MAX, tapMin: TAP_MIN, spacedScript });
          for (const v of violations) {
            const key = `${state} ${lang} ${route}: ${v}`;
            found.set(key, [...(found.get(key) ?? []), width]);
          }
          if (SCREENSHOTS && SCREENSHOT_LANGS.includes(lang) && SCREENSHOT_WIDTHS.includes(width) && state === 'signed in') {
            await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${slug(route)}-${lang}-${width}.png`) });
          }
        }
      }
    }),
  );
  return [...found].map(([key, widths]) => `${key} @${widths.join(',')}`).sort();
}

describe('layout sweep: every route, language and width', () => {
  const baseUrl = workerBaseUrl();
  let browser: Browser;
  const sessions: Partial<Record<'in' | 'out', { context: BrowserContext; tabs: Tab[] }>> = {};

  beforeAll(async () => {
    if (SCREENSHOTS) mkdirSync(SCREENSHOT_DIR, { recursive: true });
    // The tabs work side by side: none may be throttled as a background page.
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, '--disable-renderer-backgrounding', '--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows'],
    });
    for (const state of ['in', 'out'] as const) {
      const count = TABS[state];
      const context = await newContext(browser, { ...viewports.desktop, baseURL: baseUrl });
      if (state === 'in') await loginContext(context, baseUrl, 'demo');
      const tabs: Tab[] = [];
      for (let i = 0; i < count; i++) {
        const { page } = await openPage(context);
        tabs.push({ page, inFlight: trackRequests(page) });
      }
      sessions[state] = { context, tabs };
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  const signedIn = [...PUBLIC_ROUTES, ...ACCOUNT_ROUTES];
  for (const lang of SWEEP_LANGS) {
    for (let part = 0; part < SIGNED_IN_PARTS; part++) {
      const routes = signedIn.filter((_, index) => index % SIGNED_IN_PARTS === part);
      it(`signed in, ${lang}: ${routes.join(' ')} fit at every width`, async () => {
        const report = await sweep(sessions.in!.tabs, lang, routes, 'signed in');
        expect(report.join('\n')).toBe('');
      });
    }
    it(`signed out, ${lang}: ${SIGNED_OUT_SWEEP.join(' ')} fit at every width`, async () => {
      const report = await sweep(sessions.out!.tabs, lang, SIGNED_OUT_SWEEP, 'signed out');
      expect(report.join('\n')).toBe('');
    });
  }
});
