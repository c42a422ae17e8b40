import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { ApiSession } from '@vsp/api-client/api-client';
import { walletPath } from '@vsp/contract/endpoints/recharge';
import { makeMp3 } from '../../apps/server/src/test/audio-fixtures';
import { CHROMIUM_ARGS, CHROMIUM_PATH, newContext } from './browser';
import { processOf } from './cluster';
import { apiClient } from './session';

/** What the cluster tests share: a browser of their own, traced API calls, wallet reads, songs. */

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A desktop context on the cluster's address. */
export function clusterContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  return newContext(browser, { baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
}

/** The API client through the load balancer, recording which process answered each call. */
export function tracedClient(baseUrl: string, session: ApiSession | null = null) {
  const served: string[] = [];
  const client = apiClient(baseUrl, session, async (input, init) => {
    const response = await fetch(input, init);
    served.push(processOf(response.headers));
    return response;
  });
  return { client, served };
}

export async function balance(baseUrl: string, session: ApiSession, asset: string): Promise<number> {
  const wallet = await apiClient(baseUrl, session).get(walletPath);
  const holdings = [...wallet.balances, ...wallet.backpack.map((b) => ({ asset: b.asset, amount: b.quantity }))];
  return holdings.find((h) => h.asset === asset)?.amount ?? 0;
}

/** Which process answered each of the page's responses through the load balancer. */
export function pageProcesses(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('response', (response) => {
    const name = response.headers()['x-api-process'];
    if (name) seen.add(name);
  });
  return seen;
}

/** A generated MP3 on disk (the file input takes a path). */
export function mp3File(name: string, bytes: number): { file: string; remove(): void } {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'vsp-cluster-mp3-'));
  const file = path.join(folder, name);
  writeFileSync(file, makeMp3(bytes, name));
  return { file, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** The music page, logged in through the context's storage. */
export async function openMusic(page: Page) {
  await page.goto('/music');
  await page.getByRole('heading', { name: 'Upload Music', level: 1 }).waitFor();
}

export async function submitSong(page: Page, songName: string, singer: string) {
  await page.getByLabel('Song name').fill(songName);
  await page.getByLabel('Singer').fill(singer);
  await page.getByLabel('Music language').selectOption('en');
  await page.getByLabel('I have read and agree to the').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByTestId('music-table').getByRole('row', { name: new RegExp(songName) }).waitFor();
}
