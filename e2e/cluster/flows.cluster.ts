import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiSession } from '@vsp/api-client/api-client';
import { getUserInfoByTokenPath } from '@vsp/contract/endpoints/user';
import { createFreshPostgres, type FreshPostgresDatabase } from '../../apps/server/src/test/databases';
import { openPage } from '../support/browser';
import { CLUSTER_START_MS, haproxyOrSkip, processOf, startCluster, type RunningCluster } from '../support/cluster';
import { balance, clusterContext, launchBrowser, mp3File, openMusic, pageProcesses, submitSong, tracedClient } from '../support/cluster-flows';
import { DEMO_UID, gatewayAction, openExchange, openShop, orderMessage, payForProduct, unexpectedErrors } from '../support/recharge';
import { DEMO_PASSWORD, apiLogin, loginContext } from '../support/session';

/**
 * The scale-out shape as `npm run cluster` starts it: HAProxy in front of three API processes on
 * PostgreSQL (a database of this file's own on the shared server), Redis and s3rver. A person's
 * flows in a real Chromium pass through the balancer and land on different processes; a rolling
 * restart under traffic fails no request.
 */
const SUCCESS = 'Purchase successful! Thank you for your use and support, please return to the app to check';
const DEMO_GIFT_CODE = 'AvatarParty2025';

/** A Redis database number of these tests' own on the shared server (limits and replay keys stay apart). */
function redisUrl(): string {
  const url = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  url.pathname = '/7';
  return url.toString();
}

describe.skipIf(!haproxyOrSkip())('the cluster behind HAProxy', () => {
  let database: FreshPostgresDatabase;
  let cluster: RunningCluster;
  let browser: Browser;
  let demo: ApiSession;

  beforeAll(async () => {
    database = await createFreshPostgres(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
    [cluster, browser] = await Promise.all([startCluster({ env: { DATABASE_URL: database.url, REDIS_URL: redisUrl() } }), launchBrowser()]);
    demo = await apiLogin(cluster.url, 'demo');
  }, CLUSTER_START_MS + 30_000);

  afterAll(async () => {
    await browser?.close();
    await cluster?.stop();
    await database?.drop();
  });

  it('logs in on one process and the session is recognised on the others', async () => {
    const context = await clusterContext(browser, cluster.url);
    const { page, problems } = await openPage(context);
    const logins: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/loginByEmailOrUserName')) logins.push(response.headers()['x-api-process'] ?? '');
    });
    await page.goto('/login');
    await page.getByLabel('E-mail or user name').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    expect(logins).toHaveLength(1);

    // Round robin: three reads of the session land on three processes, two of them not the one that made it.
    const { client, served } = tracedClient(cluster.url, { token: token!, uid: DEMO_UID });
    for (let i = 0; i < 3; i += 1) expect((await client.get(getUserInfoByTokenPath)).uid).toBe(DEMO_UID);
    expect(new Set(served).size).toBeGreaterThan(1);
    expect(served.filter((name) => name !== logins[0]).length).toBeGreaterThan(0);

    // CLUSTER_NODE names each process's Node binary (CI runs the second on Node 24): the processes
    // run what it names, and the second answers the same session like the others.
    const nodes = process.env.CLUSTER_NODE?.split(',').map((entry) => entry.trim()).filter(Boolean) ?? [];
    if (nodes.length > 1) {
      const processes = cluster.state().processes;
      processes.forEach((p, i) => expect(p.node).toBe(nodes[i % nodes.length]));
      for (let i = 0; i < 6 && !served.includes(processes[1]!.name); i += 1) await client.get(getUserInfoByTokenPath);
      expect(served).toContain(processes[1]!.name);
    }

    // The page itself, reloaded, is still logged in whichever process answers.
    await page.goto('/music');
    await page.getByRole('heading', { name: 'Upload Music', level: 1 }).waitFor();
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await context.close();
  });

  it('uploads a song straight to the S3 store and records it, the API calls spread over processes', async () => {
    const s3 = cluster.state().s3;
    expect(s3).not.toBeNull();
    const song = mp3File('cluster-song.mp3', 3 * 1024 * 1024);
    const context = await clusterContext(browser, cluster.url);
    await loginContext(context, cluster.url, 'demo');
    const { page, problems } = await openPage(context);
    const served = pageProcesses(page);
    const partHosts = new Set<string>();
    page.on('request', (request) => {
      if (request.method() === 'PUT') partHosts.add(new URL(request.url()).origin);
    });
    await openMusic(page);
    await page.locator('input[type=file]').setInputFiles(song.file);
    await expect.poll(() => page.getByTestId('upload-item').getAttribute('data-state')).toBe('uploaded');
    await submitSong(page, 'Cluster Anthem', 'Three Nodes');
    // The parts went to the S3-compatible store, never through an API process.
    expect([...partHosts]).toEqual([s3!.endpoint]);
    expect(served.size).toBeGreaterThan(1);
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await context.close();
    song.remove();
  });

  it('pays a top-up in the sandbox; the notification lands through the balancer and credits once', async () => {
    const before = await balance(cluster.url, demo, 'diamonds');
    const context = await clusterContext(browser, cluster.url);
    const { page, problems } = await openPage(context);
    const served = pageProcesses(page);
    await openShop(page, '/recharge', DEMO_UID);
    await payForProduct(page);
    await gatewayAction(page, 'Pay');
    expect(await orderMessage(page, 'success')).toBe(SUCCESS);
    expect(await balance(cluster.url, demo, 'diamonds')).toBe(before + 330);
    expect(served.size).toBeGreaterThan(1);
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await context.close();
  });

  it('redeems the demo gift code once', async () => {
    const before = await balance(cluster.url, demo, 'gold_coins');
    const context = await clusterContext(browser, cluster.url);
    const { page, problems } = await openPage(context);
    await openExchange(page, DEMO_UID);
    await page.getByTestId('gift-code-input').fill(DEMO_GIFT_CODE);
    await page.getByTestId('exchange-confirm').click();
    await page.getByTestId('exchange-success').waitFor();
    expect(await balance(cluster.url, demo, 'gold_coins')).toBe(before + 100);
    // Again, from a page on whichever process: already redeemed (280001005), nothing more credited.
    await page.goto('/exchange');
    await openExchange(page, DEMO_UID);
    await page.getByTestId('gift-code-input').fill(DEMO_GIFT_CODE);
    await page.getByTestId('exchange-confirm').click();
    await expect.poll(() => page.getByText('You have already redeemed this gift pack and cannot redeem it again').count()).toBeGreaterThan(0);
    expect(await balance(cluster.url, demo, 'gold_coins')).toBe(before + 100);
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    await context.close();
  });

  it('replaces every process one by one under traffic without a failed request', async () => {
    const before = cluster.state().processes;
    const failures: string[] = [];
    const served = new Map<string, number>();
    let stop = false;
    const count = (name: string) => served.set(name, (served.get(name) ?? 0) + 1);
    // Two callers, without pause: a signed session read (new signature each time) and the home page.
    const reader = tracedClient(cluster.url, demo);
    const loops = [
      (async () => {
        while (!stop) {
          await reader.client.get(getUserInfoByTokenPath).then(
            () => count(reader.served.at(-1) ?? ''),
            (error: unknown) => failures.push(`read: ${String(error)}`),
          );
        }
      })(),
      (async () => {
        while (!stop) {
          await fetch(`${cluster.url}/`).then(
            async (response) => {
              await response.arrayBuffer();
              if (response.ok) count(processOf(response.headers));
              else failures.push(`home: ${response.status}`);
            },
            (error: unknown) => failures.push(`home: ${String(error)}`),
          );
        }
      })(),
    ];
    const restart = await cluster.rollingRestart();
    stop = true;
    await Promise.all(loops);

    expect(restart.output).toMatch(/^done: 3 processes replaced/m);
    expect(restart.code).toBe(0);
    for (const name of ['p1', 'p2', 'p3']) expect(restart.output).toContain(`${name}: back in rotation`);
    expect(failures).toEqual([]);
    const after = cluster.state().processes;
    for (const [i, process] of after.entries()) expect(process.pid).not.toBe(before[i]!.pid);
    // Traffic flowed during the whole restart and reached every process name.
    expect([...served.keys()].sort()).toEqual(['p1', 'p2', 'p3']);
    expect(await balance(cluster.url, demo, 'diamonds')).toBeGreaterThan(0);
  });
});
