import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiSession } from '@vsp/api-client/api-client';
import { AppError } from '@vsp/contract/app-error';
import { giftRedeemPath } from '@vsp/contract/endpoints/gift-codes';
import { getUserInfoByTokenPath } from '@vsp/contract/endpoints/user';
import { openPage } from '../support/browser';
import { CLUSTER_START_MS, haproxyOrSkip, startCluster, until, type RunningCluster } from '../support/cluster';
import { balance, clusterContext, launchBrowser, mp3File, openMusic, submitSong, tracedClient } from '../support/cluster-flows';
import { startPrivatePostgres, startPrivateRedis, type PrivatePostgres, type PrivateRedis } from '../support/private-services';
import { DEMO_UID, gatewayAction, openShop, orderMessage, payForProduct } from '../support/recharge';
import { apiClient, apiLogin, loginContext } from '../support/session';

/**
 * Faults in the scale-out shape: an API process killed (SIGKILL) in the middle of a top-up and of an
 * upload, PostgreSQL restarted, Redis stopped. The cluster runs on a PostgreSQL and a Redis of this
 * file's own, so stopping them touches nobody else's tests.
 */
const SUCCESS = 'Purchase successful! Thank you for your use and support, please return to the app to check';
const DEMO_GIFT_CODE = 'AvatarParty2025';
/** Parts on S3 are at least 5 MiB (S3's minimum for a part that is not the last). */
const S3_PART = 5 * 1024 * 1024;

describe.skipIf(!haproxyOrSkip())('faults in the cluster', () => {
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  let cluster: RunningCluster;
  let browser: Browser;
  let demo: ApiSession;

  beforeAll(async () => {
    [postgres, redis, browser] = await Promise.all([startPrivatePostgres(), startPrivateRedis(), launchBrowser()]);
    // A payment is confirmed 3 s after Pay, which leaves the test time to kill a process before the notification.
    cluster = await startCluster({ env: { DATABASE_URL: postgres.url, REDIS_URL: redis.url, SANDBOX_CONFIRM_DELAY_MS: '3000' } });
    demo = await apiLogin(cluster.url, 'demo');
  }, CLUSTER_START_MS + 60_000);

  afterAll(async () => {
    await browser?.close();
    await cluster?.stop();
    await Promise.all([postgres?.close(), redis?.close()]);
  });

  /** kill -9 of the process named `name`; answers its pid. */
  function kill(name: string): number {
    const target = cluster.state().processes.find((p) => p.name === name);
    expect(target?.pid).toBeTruthy();
    process.kill(target!.pid!, 'SIGKILL');
    return target!.pid!;
  }

  /** The supervisor started the killed process again and HAProxy has it back (every process answers). */
  async function untilAllBack(killedPid: number) {
    await until('the killed process replaced', async () => cluster.state().processes.map((p) => p.pid), (pids) => !pids.includes(killedPid) && pids.every(Boolean));
    const reader = tracedClient(cluster.url, demo);
    const answered = () => reader.client.get(getUserInfoByTokenPath).then(() => new Set(reader.served), () => new Set(reader.served));
    await until('all three processes answering', answered, (seen) => ['p1', 'p2', 'p3'].every((n) => seen.has(n)));
  }

  it('a process killed between Pay and the notification: the top-up finishes through the others, credited once', async () => {
    const before = await balance(cluster.url, demo, 'diamonds');
    const context = await clusterContext(browser, cluster.url);
    const { page } = await openPage(context);
    let payServedBy = '';
    page.on('response', (response) => {
      if (response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/sandbox/checkout/')) payServedBy = response.headers()['x-api-process'] ?? '';
    });
    await openShop(page, '/recharge', DEMO_UID);
    await payForProduct(page);
    await gatewayAction(page, 'Pay');
    expect(payServedBy).toMatch(/^p\d$/);
    // The payment is recorded, its notification not yet sent: the process that took it dies now.
    const killed = kill(payServedBy);
    expect(await orderMessage(page, 'success')).toBe(SUCCESS);
    expect(await balance(cluster.url, demo, 'diamonds')).toBe(before + 330);
    // The killed process comes back and runs its start-up reconcile (crash recovery): still once.
    await untilAllBack(killed);
    expect(await balance(cluster.url, demo, 'diamonds')).toBe(before + 330);
    await context.close();
  });

  it('a process killed mid-upload: the upload finishes through the others and sends no stored part again', async () => {
    const song = mp3File('fault-song.mp3', 3 * S3_PART + 99);
    const context = await clusterContext(browser, cluster.url);
    await loginContext(context, cluster.url, 'demo');
    const { page } = await openPage(context);
    const stored = new Map<number, number>();
    let startServedBy = '';
    let partCount = 0;
    const puts: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.method() === 'PUT') puts.push(`finished ${request.url()}`);
    });
    page.on('requestfailed', (request) => {
      if (request.method() === 'PUT') puts.push(`failed ${request.url()} ${request.failure()?.errorText}`);
    });
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (response.request().method() === 'PUT') puts.push(`${response.status()} ${response.url()}`);
      if (response.url().includes('/v1/upload/multipart/start')) {
        startServedBy = response.headers()['x-api-process'] ?? '';
        void response.json().then((body: { data?: { partCount?: number } }) => (partCount = body.data?.partCount ?? partCount), () => undefined);
      }
      if (response.request().method() === 'PUT' && response.status() === 200 && url.searchParams.has('partNumber')) {
        const n = Number(url.searchParams.get('partNumber'));
        stored.set(n, (stored.get(n) ?? 0) + 1);
      }
    });
    await openMusic(page);
    // The kill falls in the middle of the upload: every part after the first is held at the page
    // until the process that started the upload is gone (parts go to the store side by side, so
    // on a quiet machine they would otherwise all land at once).
    let release!: () => void;
    const killedFirst = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.searchParams.has('partNumber') && url.searchParams.get('partNumber') !== '1',
      async (route) => {
        await killedFirst;
        await route.continue();
      },
    );
    await page.locator('input[type=file]').setInputFiles(song.file);
    await expect.poll(() => stored.size).toBeGreaterThanOrEqual(1);
    expect(partCount).toBeGreaterThanOrEqual(3);
    expect(stored.size).toBeLessThan(partCount);
    const killed = kill(startServedBy);
    release();

    const item = page.getByTestId('upload-item');
    const state = await until('the upload settled', () => item.getAttribute('data-state'), (s) => s === 'uploaded' || s === 'failed');
    if (state === 'failed') {
      // A call in flight on the killed process failed: one tap resumes with the parts the store holds.
      const resumed = page.waitForResponse((r) => r.url().includes('/v1/upload/multipart/start')).then(async (r) => (await r.json()).data as { resumed: boolean });
      await page.getByTestId('upload-retry').click();
      expect((await resumed).resumed).toBe(true);
      await expect.poll(() => item.getAttribute('data-state')).toBe('uploaded');
    }
    expect([...stored.keys()].sort((a, b) => a - b), `${state}\n${puts.join('\n')}`).toEqual(Array.from({ length: partCount }, (_, i) => i + 1));
    expect([...stored.values()].every((times) => times === 1)).toBe(true);
    await submitSong(page, 'Survivor', 'Kill Nine');
    await untilAllBack(killed);
    await context.close();
    song.remove();
  });

  it('PostgreSQL restarted: the service answers again by itself, with no restart of its own', async () => {
    const pids = cluster.state().processes.map((p) => p.pid);
    await postgres.stop();
    try {
      // Down: the processes cannot reach their database, so /healthz fails and HAProxy has nothing to
      // offer (an answer >= 500, or a connection the balancer closes).
      await until('the service unavailable', () => fetch(`${cluster.url}/healthz`).then((r) => r.status, () => 503), (status) => status >= 500);
    } finally {
      // Whatever happened above, the next test needs its database.
      await postgres.start();
    }
    const reader = tracedClient(cluster.url, demo);
    await until('a session read answered', () => reader.client.get(getUserInfoByTokenPath).then(() => true, () => false), Boolean);
    await until('a fresh login answered', () => apiLogin(cluster.url, 'demo').then(() => true, () => false), Boolean);
    expect(cluster.state().processes.map((p) => p.pid)).toEqual(pids);
  });

  it('Redis stopped: pages still load, signed calls and their limits fail closed; all returns with Redis', async () => {
    const before = await balance(cluster.url, demo, 'gold_coins');
    await redis.stop();
    try {
      const home = await fetch(`${cluster.url}/`);
      expect(home.status).toBe(200);
      expect((await fetch(`${cluster.url}/healthz`)).status).toBe(200);
      // No replay guard and no attempt limit without Redis: the redemption is refused, not served unguarded.
      const refused = await apiClient(cluster.url).post(giftRedeemPath, { body: { uid: DEMO_UID, code: DEMO_GIFT_CODE } }).then(
        () => 'served',
        (error: unknown) => (error instanceof AppError ? error.code : String(error)),
      );
      expect(refused).toBe(50000);
    } finally {
      await redis.start();
    }
    const redeem = () => apiClient(cluster.url).post(giftRedeemPath, { body: { uid: DEMO_UID, code: DEMO_GIFT_CODE } });
    // Each process reconnects by itself; the first redemption that gets through is the only one.
    await until('a redemption through', () => redeem().then(() => true, () => false), Boolean);
    expect(await balance(cluster.url, demo, 'gold_coins')).toBe(before + 100);
  });
});
