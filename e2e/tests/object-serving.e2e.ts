import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { APP_ID_CREDENTIAL } from '@vsp/contract/constants';
import { completeUploadPath, credentialsPath, startUploadPath } from '@vsp/contract/endpoints/uploads';
import { openPage, useBrowser, viewports } from '../support/browser';
import { apiClient, apiLogin } from '../support/session';

/**
 * Stored objects are inert on the site's own origin (decision 0085): a player who uploads an HTML
 * or SVG document through the music or outfit flow and sends its link gets nothing that runs in
 * the victim's browser. The file is stored under the extension of its kind; audio plays inline
 * behind a sandboxing CSP and nosniff, anything else is only a download.
 */
/** A document that, if it ever ran on the site's origin, would put the player's token in the title. */
const STEAL = "document.title = 'pwned:' + localStorage.getItem('token')";
const payloads = {
  'x.html': `<!doctype html><html><head><title>page</title></head><body><script>${STEAL}</script></body></html>`,
  'x.svg': `<svg xmlns="http://www.w3.org/2000/svg" onload="${STEAL}"><script>${STEAL}</script></svg>`,
  'x.xhtml': `<html xmlns="http://www.w3.org/1999/xhtml"><head><title>page</title></head><body><script>${STEAL}</script></body></html>`,
};

/** The upload protocol from outside the browser, as an attacker's script would drive it. */
async function uploadAs(baseUrl: string, session: { token: string; uid: number }, fileType: 'music' | 'outfit', fileName: string, text: string) {
  const api = apiClient(baseUrl, session);
  // Call 4 signs with appId 1000 and four random digits.
  const uploadToken = (await api.get(credentialsPath, { query: { fileType }, appId: APP_ID_CREDENTIAL })).credentials.token;
  const bytes = Buffer.from(text);
  const started = await api.post(startUploadPath, {
    body: {
      uploadToken,
      fileName,
      fileSize: bytes.length,
      contentType: fileName.endsWith('.svg') ? 'image/svg+xml' : 'text/html',
      fingerprint: createHash('sha256').update(`${fileType}:${fileName}:${Math.random()}`).digest('hex'),
    },
  });
  const put = await fetch(started.signed[0]!.url, { method: 'PUT', body: bytes });
  expect(put.status).toBe(200);
  return api.post(completeUploadPath, { body: { uploadToken, uploadId: started.uploadId } });
}

/** What the page at an object's URL can see of the site's storage, and what its scripts did. */
async function probe(page: Page) {
  return page.evaluate(() => {
    let storage: string;
    try {
      storage = `readable:${localStorage.getItem('token')}`;
    } catch (error) {
      storage = `blocked:${(error as Error).name}`;
    }
    return { title: document.title, storage, origin: window.origin };
  });
}

describe('stored objects served on the site origin', () => {
  const b = useBrowser();

  it("an uploaded HTML, SVG or XHTML file's link neither runs script nor reads the player's token", async () => {
    const session = await apiLogin(b.baseUrl, 'demo');
    const context = await b.context({ ...viewports.desktop, acceptDownloads: true });
    const { page } = await openPage(context);
    // The victim is logged in on the site: the token sits in the site origin's local storage.
    await page.goto(`${b.baseUrl}/`);
    await page.evaluate((token) => localStorage.setItem('token', token), session.token);

    for (const [fileName, text] of Object.entries(payloads)) {
      // Through the music flow: stored as .mp3, served as audio behind a sandbox; it plays (or fails to), never runs.
      const song = await uploadAs(b.baseUrl, session, 'music', fileName, text);
      const response = await page.goto(song.url);
      const seen = await probe(page);
      expect(seen.title).not.toMatch(/^pwned/);
      expect(seen.storage).toMatch(/^blocked:/);
      expect(seen.origin).toBe('null');
      expect(response?.headers()['content-type']).toBe('audio/mpeg');
      // Erased with its player (decision 0140): no shared cache keeps it, a browser asks again.
      expect(response?.headers()['cache-control']).toBe('private, no-cache');
      expect(song.key).toMatch(/\.mp3$/);

      // Through the outfit flow: stored as .zip and only ever downloaded, never rendered.
      const archive = await uploadAs(b.baseUrl, session, 'outfit', fileName, text);
      expect(archive.key).toMatch(/\.zip$/);
      const download = page.waitForEvent('download');
      await page.goto(archive.url).catch((error: Error) => {
        if (!/Download is starting/.test(error.message)) throw error;
      });
      await (await download).cancel();
      expect(await page.title()).not.toMatch(/^pwned/);
    }
    await context.close();
  });
});
