import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import { databaseTargets } from '../../test/databases';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { UserHeaders } from '../../test/upload-client';
import { AnalyticsRepository } from './analytics.repository';

const NOW = Date.parse('2026-03-15T12:00:00Z');

describe.each(databaseTargets())('analytics per day for the console ($name)', (db) => {
  let t: TestApp;
  let operator: UserHeaders;
  let player: UserHeaders;


  beforeAll(async () => {
    const database = await db.open();
    t = await createTestApp({ database, now: () => NOW });
    operator = await t.signedIn('olga', 'operator');
    player = await t.signedIn('pete', 'player');
    const client = (at: string) => ({ sessionId: 'session-aaaaaaaa', occurredAt: new Date(at), receivedAt: new Date(at) });
    const view = (at: string) => ({ ...client(at), path: '/', title: 'Home' });
    const event = (at: string, category: string, name: string) => ({ ...client(at), category, name, path: '/' });
    const repository = new AnalyticsRepository(database.db);
    await repository.insertBatch(
      [view('2026-03-15T00:30:00Z'), view('2026-03-15T11:59:00Z'), view('2026-03-14T23:59:59Z'), view('2026-02-13T23:59:59Z'), view('2026-02-14T00:00:00Z')],
      [
        event('2026-03-15T08:00:00Z', 'web_home', 'jump_ios_store'),
        event('2026-03-15T09:00:00Z', 'web_home', 'jump_android_store'),
        event('2026-03-14T09:00:00Z', 'web_home', 'jump_android_store'),
        event('2026-03-15T09:00:00Z', 'web_home', 'open_download_qr'),
        event('2026-03-15T09:00:00Z', 'account', 'login'),
      ],
    );
    await repository.insertErrorReports([
      { ...client('2026-03-10T10:00:00Z'), fingerprint: 'a', kind: 'script', message: 'x', path: '/' },
      { ...client('2026-03-10T11:00:00Z'), fingerprint: 'b', kind: 'chunk', message: 'y', path: '/' },
    ]);
  });
  afterAll(() => t?.close());

  const daily = (query: Record<string, string | number>, as?: UserHeaders) =>
    t.app.inject({ method: 'GET', url: '/v1/console/analytics/daily', query: t.sign(query), headers: as ? { token: as.token, uid: as.uid } : {} });

  it('counts page views, store jumps and client errors per UTC day over the last 30 days, zeros included', async () => {
    const response = await daily({}, operator);
    expect(response.statusCode).toBe(200);
    const days = response.json().data.days as { day: string; pageViews: number; downloadClicks: number; clientErrors: number }[];
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: '2026-02-14', pageViews: 1, downloadClicks: 0, clientErrors: 0 });
    expect(days.at(-1)).toEqual({ day: '2026-03-15', pageViews: 2, downloadClicks: 2, clientErrors: 0 });
    expect(days.find((d) => d.day === '2026-03-14')).toEqual({ day: '2026-03-14', pageViews: 1, downloadClicks: 1, clientErrors: 0 });
    expect(days.find((d) => d.day === '2026-03-10')).toEqual({ day: '2026-03-10', pageViews: 0, downloadClicks: 0, clientErrors: 2 });
    expect(days.reduce((sum, d) => sum + d.pageViews, 0)).toBe(4);
  });

  it('answers a shorter window when asked', async () => {
    const days = (await daily({ days: 2 }, operator)).json().data.days as { day: string }[];
    expect(days.map((d) => d.day)).toEqual(['2026-03-14', '2026-03-15']);
  });

  it('is for operators only and refuses a bad window with 400', async () => {
    const asPlayer = await daily({}, player);
    expect(asPlayer.statusCode).toBe(403);
    expect(asPlayer.json().errInfo.code).toBe(Errors.Forbidden);
    expect((await daily({})).statusCode).toBe(401);
    for (const days of [0, 91, 'week']) {
      const bad = await daily({ days }, operator);
      expect(bad.statusCode, String(days)).toBe(400);
      expect(bad.json().errInfo.code).toBe(Errors.ValidationFailed);
    }
  });
});
