import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { makeMp3, makeWav } from '../../apps/server/src/test/audio-fixtures';
import { openPage, useBrowser, viewports } from '../support/browser';
import { freePort } from '../support/ports';
import { startServer } from '../support/server-process';
import { loginContext } from '../support/session';

/**
 * /music as a player uses it: a real MP3 (generated MPEG frames) uploads in parts straight to the
 * store with visible progress and lands in the table; every rule of the form shows its message;
 * cancel, retry, a killed server and a page reload each resume with only the missing parts.
 */
const PART = 1_024_000;
const folder = mkdtempSync(path.join(os.tmpdir(), 'vsp-music-e2e-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Files from disk keep their modification time, so picking one again is recognised as the same file. */
function fileOnDisk(name: string, bytes: Uint8Array): string {
  const file = path.join(folder, name);
  writeFileSync(file, bytes);
  return file;
}
const mp3 = (name: string, bytes: number) => fileOnDisk(name, makeMp3(bytes, name));

/** Slows uploads from the page so a test can act mid-upload (bytes per second). */
async function throttleUploads(context: BrowserContext, page: Page, bytesPerSecond: number) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
}

/** Part numbers the store acknowledged (PUT answered 200) while the page runs. */
function partLog(page: Page) {
  const stored: number[] = [];
  const sent: number[] = [];
  const number = (url: string) => Number(/\/storage\/parts\/[0-9a-f]+\/(\d+)/.exec(url)?.[1]);
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/storage/parts/')) sent.push(number(request.url()));
  });
  page.on('response', (response: Response) => {
    if (response.request().method() === 'PUT' && response.url().includes('/storage/parts/') && response.status() === 200) stored.push(number(response.url()));
  });
  return {
    stored,
    sent,
    reset() {
      stored.length = 0;
      sent.length = 0;
    },
  };
}

const startResponse = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/v1/upload/multipart/start')).then(async (r) => (await r.json()).data as { resumed: boolean; parts: { partNumber: number }[]; partCount: number });

const fileInput = (page: Page) => page.locator('input[type=file]');
const item = (page: Page) => page.getByTestId('upload-item');
const toasts = (page: Page) => page.getByTestId('toast');

async function fillForm(page: Page, songName: string, singer: string) {
  await page.getByLabel('Song name').fill(songName);
  await page.getByLabel('Singer').fill(singer);
  await page.getByLabel('Music language').selectOption('en');
  await page.getByLabel('I have read and agree to the').check();
}

const all = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
const sorted = (list: number[]) => [...new Set(list)].sort((a, b) => a - b);

/**
 * Resumes an interrupted upload with `action` (tap the failed file, or pick it again) and checks
 * that the store still held every part acknowledged before and that only the others were sent.
 */
async function resumeSendsOnlyMissing(page: Page, log: ReturnType<typeof partLog>, action: () => Promise<void>) {
  const storedBefore = sorted(log.stored);
  log.reset();
  const resumed = startResponse(page);
  await action();
  const session = await resumed;
  expect(session.resumed).toBe(true);
  const held = sorted(session.parts.map((p) => p.partNumber));
  for (const n of storedBefore) expect(held).toContain(n);
  await expect.poll(() => item(page).getAttribute('data-state')).toBe('uploaded');
  expect(sorted(log.sent)).toEqual(all(session.partCount).filter((n) => !held.includes(n)));
}

describe('music upload page', () => {
  const b = useBrowser();

  async function openMusic(baseUrl = b.baseUrl) {
    const context = await b.context(viewports.desktop);
    await loginContext(context, baseUrl, 'demo');
    const { page, problems } = await openPage(context);
    await page.goto(`${baseUrl}/music`);
    await page.getByRole('heading', { name: 'Upload Music', level: 1 }).waitFor();
    return { context, page, problems };
  }

  it('uploads a generated MP3 with visible progress; it appears in the table waiting for review', async () => {
    const { context, page, problems } = await openMusic();
    await throttleUploads(context, page, 1_500_000);
    await fileInput(page).setInputFiles(mp3('moonlight.mp3', 3 * 1024 * 1024));

    const percent = page.getByTestId('upload-progress');
    await expect.poll(async () => Number.parseFloat((await percent.textContent()) ?? '0')).toBeGreaterThan(0);
    expect(await percent.textContent()).toMatch(/^\d{1,3}\.\d{2}%$/);
    expect(await item(page).getAttribute('data-state')).toBe('uploading');
    await expect.poll(() => item(page).getAttribute('data-state')).toBe('uploaded');

    await fillForm(page, 'Moonlight Drive', 'Nova');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => toasts(page).allTextContents()).toContain('Uploaded successfully, your song is waiting for review');
    const row = page.getByTestId('music-table').getByRole('row', { name: /Moonlight Drive/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Nova');
    expect(await row.textContent()).toContain('3.00 MB');
    expect(await row.textContent()).toContain('Uploaded, under review');
    expect(await item(page).count()).toBe(0);

    expect(problems.consoleErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await context.close();
  });

  it('shows the message of each broken rule', async () => {
    const { context, page } = await openMusic();
    const error = (field: string) => page.getByTestId(`error-${field}`);

    await page.getByRole('button', { name: 'Submit' }).click();
    expect(await error('songName').textContent()).toBe('You must input a song name');
    expect(await error('singer').textContent()).toBe('You must input a singer name');
    expect(await error('file').textContent()).toBe('No file selected');
    expect(await error('language').textContent()).toBe('You must select a music type');
    expect(await error('agreed').textContent()).toBe('Please agree to the music upload and sharing rules');
    expect(await page.getByLabel('Song name').getAttribute('placeholder')).toBe('Please enter a song name');

    await page.getByLabel('Song name').fill('x'.repeat(21));
    await page.getByLabel('Singer').fill('y'.repeat(21));
    await page.getByRole('button', { name: 'Submit' }).click();
    expect(await error('songName').textContent()).toBe('The song name can be at most 20 characters');
    expect(await error('singer').textContent()).toBe('The singer name can be at most 20 characters');
    await page.getByLabel('Song name').fill('x'.repeat(20));
    expect(await error('songName').count()).toBe(0);

    const checks: [string, Uint8Array, string][] = [
      ['song.wav', makeWav(600_000), 'The file format does not match, only MP3 format is supported'],
      ['track.wav.mp3', makeMp3(600_000), 'The file format does not match, only MP3 format is supported'],
      ['small.mp3', makeMp3(512 * 1024), 'The music file must be larger than 512 KB and at most 20 MB'],
      ['huge.mp3', makeMp3(20 * 1024 * 1024 + 1000), 'The music file must be larger than 512 KB and at most 20 MB'],
      ['bad#name.mp3', makeMp3(600_000), 'The file name must not contain illegal half-width English symbols'],
    ];
    for (const [name, bytes, message] of checks) {
      await fileInput(page).setInputFiles(fileOnDisk(name, bytes));
      await expect.poll(() => error('file').textContent()).toBe(message);
      expect(await item(page).count(), name).toBe(0);
    }

    await page.getByRole('button', { name: 'Music Upload and Sharing Rules' }).click();
    const dialog = page.getByRole('dialog', { name: 'Music Upload and Sharing Rules' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });

  it('keeps its layout still when a message appears on blur: the first click on the agreement lands', async () => {
    const { context, page } = await openMusic();
    const agreement = page.getByRole('checkbox');
    await page.getByLabel('Song name').fill('x'.repeat(21));
    // Where the check box is while the song name still has the focus; the press blurs the field and
    // its message appears between the press and the release.
    const before = (await agreement.boundingBox())!;
    await page.mouse.click(before.x + before.width / 2, before.y + before.height / 2);
    await page.getByTestId('error-songName').waitFor();
    expect(await page.getByTestId('error-songName').textContent()).toBe('The song name can be at most 20 characters');
    expect(await agreement.isChecked()).toBe(true);
    expect(await agreement.boundingBox()).toEqual(before);
    await context.close();
  });

  it('refuses a second file while one uploads, and a renamed file after the server looked at it', async () => {
    const { context, page } = await openMusic();
    await throttleUploads(context, page, 400_000);
    await fileInput(page).setInputFiles(mp3('first.mp3', 2 * PART));
    await expect.poll(() => item(page).getAttribute('data-state')).toBe('uploading');
    await fileInput(page).setInputFiles(mp3('second.mp3', 2 * PART));
    await expect.poll(() => toasts(page).allTextContents()).toContain('Uploading, do not upload again');
    expect(await page.locator('.upload-item__name').textContent()).toBe('first.mp3');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await item(page).getAttribute('data-state')).toBe('failed');
    await throttleUploads(context, page, -1);

    await fileInput(page).setInputFiles(fileOnDisk('renamed.mp3', makeWav(700_000)));
    await expect.poll(() => item(page).getAttribute('data-state')).toBe('uploaded');
    await fillForm(page, 'Renamed', 'Someone');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => toasts(page).allTextContents()).toContain('The file format does not match, only MP3 format is supported');
    expect(await page.getByTestId('error-file').textContent()).toBe('The file format does not match, only MP3 format is supported');
    await context.close();
  });

  it('cancels without a toast (the file ends failed, progress 0) and uploads it again when tapped', async () => {
    const { context, page } = await openMusic();
    await throttleUploads(context, page, 500_000);
    await fileInput(page).setInputFiles(mp3('cancel-me.mp3', 3 * PART));
    await expect.poll(async () => Number.parseFloat((await page.getByTestId('upload-progress').textContent()) ?? '0')).toBeGreaterThan(0);

    const aborted = page.waitForRequest((r) => r.url().includes('/v1/upload/multipart/abort'));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await aborted;
    await expect.poll(() => item(page).getAttribute('data-state')).toBe('failed');
    expect(await page.getByTestId('upload-progress').count()).toBe(0);
    await page.waitForTimeout(500);
    expect(await toasts(page).count()).toBe(0);

    await throttleUploads(context, page, -1);
    const restarted = startResponse(page);
    await page.getByTestId('upload-retry').click();
    expect((await restarted).resumed).toBe(false);
    await expect.poll(() => item(page).getAttribute('data-state')).toBe('uploaded');
    await context.close();
  });

  it('retries a failing part, fails the file after 3 retries, and a tap sends only the missing parts', async () => {
    const { context, page } = await openMusic();
    const log = partLog(page);
    let failuresLeft = 2;
    await page.route(/\/storage\/parts\/[0-9a-f]+\/2\?/, (route) => (failuresLeft-- > 0 ? route.abort('connectionreset') : route.continue()));
    await fileInput(page).setInputFiles(mp3('flaky.mp3', 4 * PART + 10));
    await expect.poll(() => item(page).getAttribute('data-state')).toBe('uploaded');
    expect(log.sent.filter((n) => n === 2)).toHaveLength(3);

    log.reset();
    failuresLeft = 4;
    await fileInput(page).setInputFiles(mp3('dead-part.mp3', 4 * PART + 10));
    await expect.poll(() => item(page).getAttribute('data-state')).toBe('failed');
    await expect.poll(() => toasts(page).allTextContents()).toContain('Upload failed, please upload again');
    expect(log.sent.filter((n) => n === 2)).toHaveLength(4);
    const storedBefore = sorted(log.stored);
    expect(storedBefore).not.toContain(2);

    log.reset();
    const resumed = startResponse(page);
    await page.getByTestId('upload-retry').click();
    const session = await resumed;
    expect(session.resumed).toBe(true);
    expect(sorted(session.parts.map((p) => p.partNumber))).toEqual(storedBefore);
    await expect.poll(() => item(page).getAttribute('data-state')).toBe('uploaded');
    expect(sorted(log.sent)).toEqual(all(session.partCount).filter((n) => !storedBefore.includes(n)));
    await context.close();
  });

  it("ends in error with the spec's message when no upload credential comes back", async () => {
    const { context, page } = await openMusic();
    await page.route(/\/v1\/common\/credentialsBySign/, (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ status: 1, data: {} }) }));
    await fileInput(page).setInputFiles(mp3('no-credential.mp3', PART));
    await expect.poll(() => item(page).getAttribute('data-state')).toBe('failed');
    await expect.poll(() => toasts(page).allTextContents()).toContain('Upload credential not found');
    await context.close();
  });

  it('resumes after a page reload mid-upload: the same file picked again sends only the missing parts', async () => {
    const { context, page } = await openMusic();
    const log = partLog(page);
    await throttleUploads(context, page, 1_000_000);
    const file = mp3('reload.mp3', 6 * PART + 77);
    await fileInput(page).setInputFiles(file);
    await expect.poll(() => log.stored.length).toBeGreaterThanOrEqual(2);

    await page.reload();
    await page.getByRole('heading', { name: 'Upload Music', level: 1 }).waitFor();
    await throttleUploads(context, page, -1);
    await resumeSendsOnlyMissing(page, log, () => fileInput(page).setInputFiles(file));
    await context.close();
  });

  it('warns before leaving mid-upload, names the interrupted file after the reload, and resumes it with only the missing parts', async () => {
    const { context, page, problems } = await openMusic();
    const log = partLog(page);
    await throttleUploads(context, page, 1_000_000);
    const file = mp3('interrupted.mp3', 6 * PART + 55);
    await fileInput(page).setInputFiles(file);
    await expect.poll(() => log.stored.length).toBeGreaterThanOrEqual(2);
    expect(await item(page).getAttribute('data-state')).toBe('uploading');

    // Leaving while the file uploads asks first, through the browser's own prompt; staying keeps it going.
    const dismissed = new Promise<string>((resolve) =>
      page.once('dialog', async (d) => {
        const type = d.type();
        await d.dismiss();
        resolve(type);
      }),
    );
    void page.evaluate(() => location.reload()).catch(() => undefined);
    expect(await dismissed).toBe('beforeunload');
    expect(await item(page).getAttribute('data-state')).toBe('uploading');

    // Leaving anyway: after the reload the page names the file left unfinished.
    page.once('dialog', (d) => void d.accept());
    await page.reload();
    await page.getByRole('heading', { name: 'Upload Music', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('upload-pending').textContent()).toBe(
      'The upload of interrupted.mp3 was interrupted. Select the same file again to continue where it stopped',
    );

    await throttleUploads(context, page, 2_000_000);
    const storedBefore = sorted(log.stored);
    log.reset();
    const resumed = startResponse(page);
    await fileInput(page).setInputFiles(file);
    const session = await resumed;
    expect(session.resumed).toBe(true);
    await expect.poll(() => page.getByTestId('upload-resuming').textContent()).toBe('Resuming the upload where it stopped');
    expect(await page.getByTestId('upload-pending').count()).toBe(0);
    await expect.poll(() => item(page).getAttribute('data-state')).toBe('uploaded');

    const held = sorted(session.parts.map((p) => p.partNumber));
    for (const n of storedBefore) expect(held).toContain(n);
    const missing = all(session.partCount).filter((n) => !held.includes(n));
    expect(missing.length).toBeLessThan(session.partCount);
    // Every missing part went out exactly once, and nothing the store held.
    expect([...log.sent].sort((a, b) => a - b)).toEqual(missing);

    // Finished: nothing is pending any more, and leaving asks nothing.
    await page.reload();
    await page.getByRole('heading', { name: 'Upload Music', level: 1 }).waitFor();
    expect(await page.getByTestId('upload-pending').count()).toBe(0);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });

    it('survives a killed server: after the restart a tap sends only the parts the store lacks', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vsp-music-kill-'));
    const port = String(await freePort());
    let server = await startServer({ DATA_DIR: dataDir, PORT: port });
    try {
      const { context, page } = await openMusic(server.baseUrl);
      // A fresh server: the demo player has no songs yet.
      await page.getByTestId('music-empty').waitFor();
      expect(await page.getByTestId('music-empty').textContent()).toBe('You have not uploaded any songs yet');
      const log = partLog(page);
      await throttleUploads(context, page, 1_000_000);
      await fileInput(page).setInputFiles(mp3('killed.mp3', 6 * PART + 99));
      await expect.poll(() => log.stored.length).toBeGreaterThanOrEqual(2);

      server.process.kill('SIGKILL');
      await expect.poll(() => item(page).getAttribute('data-state')).toBe('failed');
      server = await startServer({ DATA_DIR: dataDir, PORT: port });
      await throttleUploads(context, page, -1);
      await resumeSendsOnlyMissing(page, log, () => page.getByTestId('upload-retry').click());

      await fillForm(page, 'Phoenix', 'Ash');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByTestId('music-table').getByRole('row', { name: /Phoenix/ }).waitFor();
      await context.close();
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
