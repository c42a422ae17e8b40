import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import { signParams, type Params } from '@vsp/contract/signing';
import { databaseTargets, storeTargets } from '../../test/databases';
import { createTestApp, type TestApp } from '../../test/test-app';
import { errorFingerprint } from './analytics.service';

const SESSION = 'session-aaaaaaaa';

/** A JSON body signed as the website signs it (nested lists and objects stay JSON). */
function signedBody(t: TestApp, body: Params) {
  return signParams(body, { secret: t.config.signSecrets.get(1004)! });
}

describe.each(databaseTargets())('analytics and error intake on $name', (target) => {
  let t: TestApp;
  let operator: { token: string; uid: string };
  let player: { token: string; uid: string };
  const now = Date.now();

  beforeAll(async () => {
    t = await createTestApp({ database: await target.open(), env: { ANALYTICS_RATE_LIMIT_PER_MINUTE: '1000' } });
    operator = await t.signedIn('olive', 'operator');
    player = await t.signedIn('pablo', 'player');
  });
  afterAll(() => t.close());

  const post = (url: string, body: Params) => t.app.inject({ method: 'POST', url, payload: signedBody(t, body) });
  const read = (url: string, query: Record<string, string | number> = {}, headers = operator) =>
    t.app.inject({ method: 'GET', url, query: t.sign(query), headers });

  it('stores a batch of page views and events that an operator reads back', async () => {
    const response = await post('/v1/analytics/collect', {
      sessionId: SESSION,
      uid: '10000042',
      lang: 'ar',
      pageViews: [{ path: '/about', title: 'About Us | Avatar Party', at: now, durationMs: 420 }],
      events: [
        { category: 'web_home', name: 'jump_ios_store', target: 'https://apps.apple.com/app/x', source: 'header', path: '/', at: now, props: { platform: 'ios' } },
        { category: 'web_home', name: 'jump_android_store', target: 'https://play.google.com/x', source: 'badge', path: '/', at: now },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 1, data: { accepted: 3 } });

    const events = (await read('/v1/analytics/events', { sessionId: SESSION, name: 'jump_ios_store' })).json().data.items;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ category: 'web_home', target: 'https://apps.apple.com/app/x', source: 'header', path: '/', uid: 10000042, lang: 'ar', props: { platform: 'ios' } });
    expect(new Date(events[0].occurredAt).getTime()).toBe(now);

    const views = (await read('/v1/analytics/page-views', { sessionId: SESSION })).json().data.items;
    expect(views).toEqual([expect.objectContaining({ path: '/about', title: 'About Us | Avatar Party', durationMs: 420, referrer: null })]);
  });

  it('stores no secret from an address: only the path and the shareable query keys (decision 0140)', async () => {
    const session = 'session-secrets1';
    const secretPath = '/reset-password?token=SEKRET-token&lang=ar#SEKRET-fragment';
    const sent = await post('/v1/analytics/collect', {
      sessionId: session,
      pageViews: [{ path: secretPath, title: 'Reset', referrer: 'https://mail.example/inbox?id=SEKRET-mail', at: now }],
      events: [{ category: 'web_home', name: 'jump', target: 'https://play.example/details?id=com.app', path: '/exchange?code=SEKRET-code', at: now }],
    });
    expect(sent.statusCode).toBe(200);
    const errors = await post('/v1/analytics/errors', {
      sessionId: session,
      reports: [{ kind: 'script', message: 'fetch https://x.example/receipt?token=SEKRET-token failed', stack: 'at /assets/a.js?v=SEKRET-v:1', path: '/login?redirect=%2Freset-password%3Ftoken%3DSEKRET-token', at: now }],
    });
    expect(errors.statusCode).toBe(200);
    const views = (await read('/v1/analytics/page-views', { sessionId: session })).json().data.items;
    const events = (await read('/v1/analytics/events', { sessionId: session })).json().data.items;
    const reports = (await read('/v1/analytics/errors', { sessionId: session })).json().data.items;
    expect(views[0]).toMatchObject({ path: '/reset-password?lang=ar', referrer: 'https://mail.example/inbox' });
    expect(events[0]).toMatchObject({ path: '/exchange', target: 'https://play.example/details?id=com.app' });
    expect(reports[0]).toMatchObject({ path: '/login?redirect=%2Freset-password', message: 'fetch https://x.example/receipt failed' });
    expect(JSON.stringify([views, events, reports])).not.toContain('SEKRET');
  });

  it('keeps a distinct error once per browser session, however often it is reported', async () => {
    const report = { kind: 'script', message: 'TypeError: x is undefined', source: 'https://site/assets/a.js', line: 3, column: 14, path: '/music', at: now };
    const first = await post('/v1/analytics/errors', { sessionId: SESSION, reports: [report, report, { ...report, line: 4 }] });
    expect(first.json().data.accepted).toBe(2);
    const again = await post('/v1/analytics/errors', { sessionId: SESSION, reports: [report] });
    expect(again.json().data.accepted).toBe(0);
    const otherSession = await post('/v1/analytics/errors', { sessionId: 'session-bbbbbbbb', reports: [report] });
    expect(otherSession.json().data.accepted).toBe(1);

    const stored = (await read('/v1/analytics/errors', { sessionId: SESSION })).json().data.items;
    expect(stored.map((r: { line: number }) => r.line).sort()).toEqual([3, 4]);
    expect(stored.find((r: { line: number }) => r.line === 3).fingerprint).toBe(errorFingerprint(report as never));
  });

  it('refuses unsigned, malformed, oversized and overlong input with catalogue errors', async () => {
    const view = { path: '/', title: 'Home', at: now };
    const unsigned = await t.app.inject({ method: 'POST', url: '/v1/analytics/collect', payload: { sessionId: SESSION, pageViews: [view] } });
    expect(unsigned.json().errInfo.code).toBe(Errors.InvalidSignature);

    const cases: Params[] = [
      { sessionId: 'short', pageViews: [view] },
      { sessionId: SESSION, pageViews: Array.from({ length: 51 }, () => view) },
      { sessionId: SESSION, pageViews: [{ ...view, path: `/${'a'.repeat(600)}` }] },
      { sessionId: SESSION, pageViews: [{ ...view, extra: 'field' }] },
      { sessionId: SESSION, events: [{ category: 'web home', name: 'x', path: '/', at: now }] },
      { sessionId: SESSION, events: [{ category: 'c', name: 'x', path: '/', at: now, props: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, i])) }] },
    ];
    for (const body of cases) {
      const response = await post('/v1/analytics/collect', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().errInfo.code).toBe(Errors.ValidationFailed);
    }
    const noReports = await post('/v1/analytics/errors', { sessionId: SESSION, reports: [] });
    expect(noReports.json().errInfo.code).toBe(Errors.ValidationFailed);

    const huge = await post('/v1/analytics/errors', {
      sessionId: SESSION,
      reports: Array.from({ length: 10 }, (_, i) => ({ kind: 'script', message: `m${i}`, stack: 'x'.repeat(7900), path: '/', at: now })),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().errInfo.code).toBe(Errors.PayloadTooLarge);
  });

  it('stores a client time far from the server clock as the time of receipt', async () => {
    await post('/v1/analytics/collect', { sessionId: 'session-clock000', events: [{ category: 'c', name: 'future', path: '/', at: now + 10 * 86_400_000 }] });
    const [event] = (await read('/v1/analytics/events', { sessionId: 'session-clock000' })).json().data.items;
    expect(Math.abs(new Date(event.occurredAt).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('lets only operators read what was stored', async () => {
    for (const url of ['/v1/analytics/events', '/v1/analytics/page-views', '/v1/analytics/errors']) {
      expect((await read(url, {}, player)).statusCode).toBe(403);
      const anonymous = await t.app.inject({ method: 'GET', url, query: t.sign() });
      expect(anonymous.statusCode).toBe(401);
    }
  });
});

describe.each(storeTargets())('analytics intake rate limit in $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ store: target.open(), env: { ANALYTICS_RATE_LIMIT_PER_MINUTE: '2' } });
  });
  afterAll(() => t.close());

  it('answers 42900 with Retry-After once an address exceeds its requests per minute', async () => {
    const send = () =>
      t.app.inject({ method: 'POST', url: '/v1/analytics/collect', payload: signedBody(t, { sessionId: SESSION, events: [{ category: 'c', name: 'n', path: '/', at: Date.now() }] }) });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errInfo.code).toBe(Errors.TooManyAttempts);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
