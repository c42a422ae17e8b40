import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectPath, errorReportsPath } from '@vsp/contract/endpoints/analytics';
import { computeSign } from '@vsp/contract/signing';

const request = vi.fn((_path: string, _init?: unknown) => Promise.resolve({ accepted: 1 }));
vi.mock('../http/api', () => ({ api: { post: (path: string, init?: unknown) => request(path, init) } }));
vi.mock('../config/public-config', () => ({ publicConfig: { signSecrets: { 1004: 'test-secret-1004' }, traceSampleRate: 1 } }));

function fakeStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, String(v)) };
}

let storage: ReturnType<typeof fakeStorage>;
const sendBeacon = vi.fn((_url: string, _body: Blob) => true);

/** A fresh copy of the module, as after a page load, sharing this tab's sessionStorage. */
async function load() {
  vi.resetModules();
  return import('./analytics');
}

beforeEach(() => {
  vi.useFakeTimers();
  storage = fakeStorage();
  vi.stubGlobal('window', { sessionStorage: storage, setTimeout, clearTimeout, addEventListener: vi.fn() });
  vi.stubGlobal('location', { pathname: '/about', search: '?lang=ar&token=SEKRET-token' });
  vi.stubGlobal('navigator', { sendBeacon });
  request.mockClear();
  sendBeacon.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const bodyOf = (call: unknown[]) => (call[1] as { body: Record<string, unknown> }).body;

describe('analytics client', () => {
  it('sends page views and events together, FLUSH_DELAY_MS after the first, with session and user', async () => {
    const analytics = await load();
    analytics.identifyUser(10000042);
    analytics.setAnalyticsLanguage('ar');
    analytics.trackPageView({ path: '/about', title: 'About Us | Avatar Party', durationMs: 120 });
    analytics.trackEvent({ category: 'web_home', name: 'jump_ios_store', target: 'https://apps.example/ios', source: 'header' });
    expect(request).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(analytics.FLUSH_DELAY_MS);
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]![0]).toBe(collectPath);
    expect(bodyOf(request.mock.calls[0]!)).toMatchObject({
      sessionId: analytics.analyticsSessionId(),
      uid: '10000042',
      lang: 'ar',
      pageViews: [{ path: '/about', title: 'About Us | Avatar Party', durationMs: 120 }],
      events: [{ category: 'web_home', name: 'jump_ios_store', target: 'https://apps.example/ios', source: 'header', path: '/about?lang=ar' }],
    });
  });

  it('keeps batches and error reports alive through a navigation (keepalive), so leaving the page aborts none', async () => {
    const analytics = await load();
    analytics.trackEvent({ category: 'recharge', name: 'pay' });
    await analytics.flush();
    analytics.reportError({ kind: 'script', message: 'TypeError: y' });
    expect(request.mock.calls.map((c) => [c[0], (c[1] as { keepalive?: boolean }).keepalive])).toEqual([
      [collectPath, true],
      [errorReportsPath, true],
    ]);
  });

  it('sends a full batch at once', async () => {
    const analytics = await load();
    for (let i = 0; i < 50; i++) analytics.trackEvent({ category: 'c', name: `n${i}` });
    await vi.advanceTimersByTimeAsync(0);
    expect(request).toHaveBeenCalledTimes(1);
    expect((bodyOf(request.mock.calls[0]!).events as unknown[]).length).toBe(50);
  });

  it('hands what is queued to sendBeacon as a signed JSON body when the page hides', async () => {
    const analytics = await load();
    analytics.trackEvent({ category: 'web_home', name: 'jump_android_store' });
    analytics.flushWithBeacon();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0]!;
    expect(url).toBe(collectPath);
    expect(blob.type).toBe('application/json');
    const body = JSON.parse(await blob.text()) as Record<string, unknown>;
    expect(body.sign).toBe(computeSign(body as never, 'test-secret-1004'));
    expect(body.events).toEqual([expect.objectContaining({ name: 'jump_android_store' })]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(request).not.toHaveBeenCalled();
  });

  it('sends no secret from the address: only the path and the shareable query keys (decision 0140)', async () => {
    const analytics = await load();
    analytics.trackPageView({ path: '/reset-password?token=SEKRET-token&lang=ar', title: 'Reset', referrer: 'https://mail.example/?id=SEKRET-mail' });
    analytics.trackEvent({ category: 'web_home', name: 'jump', target: 'https://play.example/details?id=com.app' });
    analytics.reportError({ kind: 'script', message: 'GET /receipt?order=SEKRET-order failed', stack: 'at https://x.example/a.js?k=SEKRET-k:1' });
    await vi.advanceTimersByTimeAsync(analytics.FLUSH_DELAY_MS);
    const sent = JSON.stringify(request.mock.calls.map((call) => bodyOf(call)));
    expect(sent).toContain('/reset-password?lang=ar');
    // An event's target is a link the site chose (a store's app id): kept whole.
    expect(sent).toContain('https://play.example/details?id=com.app');
    expect(sent).not.toContain('SEKRET');
  });

  it('reports an identical script error once per session, even after a reload', async () => {
    let analytics = await load();
    const error = { kind: 'script' as const, message: 'TypeError: x is undefined', source: '/assets/a.js', line: 3, column: 7 };
    expect(analytics.reportError(error)).toBe(true);
    expect(analytics.reportError(error)).toBe(false);
    expect(analytics.reportError({ ...error, line: 4 })).toBe(true);
    analytics = await load();
    expect(analytics.reportError(error)).toBe(false);
    expect(request.mock.calls.map((c) => c[0])).toEqual([errorReportsPath, errorReportsPath]);
    expect(bodyOf(request.mock.calls[0]!).reports).toEqual([expect.objectContaining({ ...error, path: '/about?lang=ar' })]);
  });

  it('draws the tracing sample once per session and drops timings outside it', async () => {
    const analytics = await load();
    expect(analytics.isTraced(0)).toBe(false);
    expect(analytics.isTraced(1)).toBe(false);
    analytics.trackPageView({ path: '/', title: 'Home', durationMs: 50 });
    await vi.advanceTimersByTimeAsync(analytics.FLUSH_DELAY_MS);
    expect(bodyOf(request.mock.calls[0]!).pageViews).toEqual([expect.not.objectContaining({ durationMs: 50 })]);
  });
});
