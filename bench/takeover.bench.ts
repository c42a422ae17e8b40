// A page works the moment it is painted (issue 27): how long a visitor on a slow phone looks at a
// painted page the app has not taken over yet. For every prerendered route, in Chromium with the
// phone profile of Lighthouse's mobile audit (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up,
// CPU slowed 4x), against the production build served by the real server on 127.0.0.1: the first
// contentful paint (the anchor: what the visitor sees without any script), the moment the app took
// over (`data-app-ready` on <html>), and the gap between them (target: at most 1.5 s). Each route
// is loaded RUNS times in a fresh context (nothing cached); medians are printed, with min-max.
import { chromium, type Browser } from 'playwright-core';
import { PRERENDERED_PATHS } from '@vsp/contract/prerender';
import { startServer } from '../e2e/support/server-process';
import type { BenchResult } from './run';
import { median } from './stats';

const RUNS = Number(process.env.TAKEOVER_RUNS ?? 5);
/** Only these routes (comma-separated), for a quick look; all prerendered routes by default. */
const ROUTES = process.env.TAKEOVER_ROUTES ? process.env.TAKEOVER_ROUTES.split(',') : PRERENDERED_PATHS;
/** Debian's full Chromium, as Lighthouse runs (the headless shell paints differently). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const TARGET_GAP_MS = 1500;
/** Lighthouse's mobile throttling (its "simulated" defaults, applied for real through DevTools). */
const PHONE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, cpuSlowdown: 4 };

const spread = (values: number[]) => `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))}`;

/** One load of `url` on the phone profile: first contentful paint and take-over, ms from navigation start. */
async function measure(browser: Browser, url: string): Promise<{ paint: number; takeover: number }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, bypassCSP: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: PHONE.latency, downloadThroughput: PHONE.downloadThroughput, uploadThroughput: PHONE.uploadThroughput });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    await page.goto(url, { waitUntil: 'commit' });
    // Checked every frame: the first frame that finds the app's mark gives the take-over time.
    const takeover = (await (await page.waitForFunction(`document.documentElement.hasAttribute('data-app-ready') && performance.now()`, undefined, { timeout: 0, polling: 'raf' })).jsonValue()) as number;
    const paint = (await page.evaluate(`performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN`)) as number;
    return { paint, takeover };
  } finally {
    await context.close().catch(() => undefined);
  }
}

export default async function takeover(): Promise<BenchResult[]> {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const results: BenchResult[] = [];
  try {
    // One warm-up load, so the server's first-request work is not in the figures.
    await measure(browser, `${server.baseUrl}/`);
    for (const route of ROUTES) {
      const runs: { paint: number; takeover: number }[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, `${server.baseUrl}${route}?lang=en`));
      const paint = median(runs.map((r) => r.paint));
      const taken = median(runs.map((r) => r.takeover));
      const gaps = runs.map((r) => r.takeover - r.paint);
      results.push({
        name: `paint to take-over on a slow phone: ${route}`,
        subject: 'take-over (data-app-ready), ms from navigation start, median',
        anchor: 'first contentful paint, ms from navigation start, median',
        ratio: taken / paint,
        target: `gap <= ${TARGET_GAP_MS} ms`,
        details: {
          runs: RUNS,
          'paint ms (median, min-max)': `${Math.round(paint)} (${spread(runs.map((r) => r.paint))})`,
          'take-over ms (median, min-max)': `${Math.round(taken)} (${spread(runs.map((r) => r.takeover))})`,
          'gap ms (median, min-max)': `${Math.round(median(gaps))} (${spread(gaps)})`,
        },
      });
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return results;
}
