// Page speed of the public site (issues 5 and 17): Lighthouse's mobile performance audit, run with
// Debian's Chromium against the production build served by the real server on 127.0.0.1. Anchor,
// measured in the same run, page by page and turn by turn: the same prerendered page with every
// script taken out, served compressed by a minimal Node server (what the page would score as static
// HTML). Each page is audited RUNS times; the median and the spread (min-max) are printed. Also the
// first-load JavaScript of / (gzip), against its 130 KB budget.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../e2e/support/server-process';
import type { BenchResult } from './run';
import { median } from './stats';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'apps', 'web', 'dist');
const PAGES = [
  { path: '/', file: 'index' },
  { path: '/about', file: 'about' },
  { path: '/ktv-party', file: 'ktv-party' },
  { path: '/recharge', file: 'recharge' },
];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
/** Only these pages (comma-separated paths), for a quick look; all of PAGES by default. */
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',');
const JS_BUDGET_BYTES = 130 * 1024;
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/** The anchor: prerendered pages without scripts, plus the build's static files, gzip-compressed. */
function startAnchorServer(): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const page = PAGES.find((p) => `/anchor${p.path === '/' ? '' : p.path}` === url.pathname.replace(/\/$/, '') || (p.path === '/' && url.pathname === '/anchor/'));
    let body: Buffer;
    let type: string;
    if (page) {
      const html = readFileSync(path.join(webDist, 'prerender', 'en', `${page.file}.html`), 'utf8')
        .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
        .replace(/<link rel="modulepreload"[^>]*>/g, '')
        .replace(/<!--app-config-->/, '')
        .replace(/%VSP_ORIGIN%/g, `http://${request.headers.host}`);
      body = Buffer.from(html);
      type = 'text/html; charset=utf-8';
    } else {
      const file = path.join(webDist, path.normalize(url.pathname).replace(/^[/\\]+/, ''));
      if (!file.startsWith(webDist) || !existsSync(file)) {
        response.writeHead(404).end();
        return;
      }
      body = readFileSync(file);
      type = file.endsWith('.css') ? 'text/css' : file.endsWith('.svg') ? 'image/svg+xml' : file.endsWith('.woff2') ? 'font/woff2' : 'application/octet-stream';
    }
    const compressible = !type.startsWith('font/');
    response.writeHead(200, {
      'content-type': type,
      'cache-control': 'no-cache',
      ...(compressible ? { 'content-encoding': 'gzip' } : {}),
    });
    response.end(compressible ? gzipSync(body) : body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    resolve({ server, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
  }));
}

interface Audit {
  score: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  scripts: string[];
}

/** Lighthouse's own advice for a trace it could not read (NO_NAVSTART, now and then on a fresh browser) is to run it again. */
const ATTEMPTS = 3;
let retried = 0;

async function audit(url: string, port: number, attempt = 1): Promise<Audit> {
  // Lighthouse's default configuration is the mobile one: a mid-range phone on a slow 4G link (simulated).
  const result = await lighthouse(url, { port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError && attempt < ATTEMPTS) {
    retried++;
    return audit(url, port, attempt + 1);
  }
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
  const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
    scripts: requests.filter((r) => r.resourceType === 'Script').map((r) => r.url),
  };
}

/** The gzip size (default level, as the build reports it) of each script the page loaded. */
async function gzipBytes(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const response = await fetch(url);
    total += gzipSync(Buffer.from(await response.arrayBuffer())).length;
  }
  return total;
}

/** "median (min-max)" of one figure over the runs. */
const spread = (values: number[], digits = 0) => `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)})`;

export default async function lighthouseBench(): Promise<BenchResult[]> {
  if (!existsSync(path.join(webDist, 'prerender', 'en', 'index.html'))) throw new Error('no prerendered build: run npm run build first');
  const site = await startServer();
  const anchor = await startAnchorServer();
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const results: BenchResult[] = [];
  try {
    for (const page of PAGES.filter((p) => !ONLY || ONLY.includes(p.path))) {
      const subject: Audit[] = [];
      const plain: Audit[] = [];
      // Subject and anchor take turns, so that a busier moment of the machine falls on both.
      for (let run = 0; run < RUNS; run++) {
        subject.push(await audit(`${site.baseUrl}${page.path}`, chrome.port));
        plain.push(await audit(`${anchor.origin}/anchor${page.path === '/' ? '/' : page.path}`, chrome.port));
      }
      const lcp = median(subject.map((a) => a.lcpMs));
      const anchorLcp = median(plain.map((a) => a.lcpMs));
      results.push({
        name: `lighthouse mobile performance ${page.path}`,
        subject: `${page.path} from the production server (prerendered, then React hydrates it), ${RUNS} runs`,
        anchor: `the same prerendered page with its scripts removed, from a minimal Node server, ${RUNS} runs`,
        ratio: lcp / anchorLcp,
        target: 'LCP ratio <= 1.15; score >= 95, CLS 0, TBT <= 150 ms (medians)',
        details: {
          'score median (min-max)': spread(subject.map((a) => a.score)),
          'anchor score': spread(plain.map((a) => a.score)),
          'LCP ms': spread(subject.map((a) => a.lcpMs)),
          'anchor LCP ms': spread(plain.map((a) => a.lcpMs)),
          'TBT ms': spread(subject.map((a) => a.tbtMs)),
          CLS: spread(subject.map((a) => a.cls), 4),
          'audits run again (unreadable trace)': retried,
        },
      });
      if (page.path === '/') {
        const bytes = await gzipBytes(subject[0]!.scripts);
        results.push({
          name: 'first-load JavaScript of /',
          subject: 'every script / loads until the network is idle, gzip (default level)',
          anchor: 'the 130 KB budget',
          ratio: bytes / JS_BUDGET_BYTES,
          target: '<= 1 (at most 130 KB; lower is better)',
          details: { 'gzip KB': Number((bytes / 1024).toFixed(1)), scripts: subject[0]!.scripts.length },
        });
      }
    }
  } finally {
    chrome.kill();
    anchor.server.close();
    await site.stop();
  }
  return results;
}
