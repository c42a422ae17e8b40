import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { computeSign } from '@vsp/contract/signing';
import { openPage, useBrowser, viewports } from '../support/browser';
import { apiLogin, signed } from '../support/session';

/**
 * Stored objects are inert on the site's own origin (decision 0085): a player who uploads an HTML
 * or SVG document through the music or outfit flow and sends its link gets nothing that runs in
 * the victim's browser. The file is stored under the extension of its kind; audio plays inline
 * behind a sandboxing CSP and nosniff, anything else is only a download.
 */
const SECRET_1000 = process.env.SIGN_SECRET_1000 ?? 'dev-only-sign-secret-1000';

/** A document that, if it ever ran on the site's origin, would put the player's token in the title. */
const STEAL = "document.title = 'pwned:' + localStorage.getItem('token')";
const payloads = {
  'x.html': `<!doctype html><html><head><title>page</title></head><body><script>${STEAL}</script></body></html>`,
  'x.svg': `<svg xmlns="http://www.w3.org/2000/svg" onload="${STEAL}"><script>${STEAL}</script></svg>`,
  'x.xhtml': `<html xmlns="http://www.w3.org/1999/xhtml"><head><title>page</title></head><body><script>${STEAL}</script></body></html>`,
};

/** The upload protocol from outside the browser, as an attacker's script would drive it. */
async function uploadAs(baseUrl: string, session: { token: string; uid: number }, fileType: 'music' | 'outfit', fileName: string, text: string) {
  const headers = { 'content-type': 'application/json', pf: '3', token: session.token, uid: String(session.uid) };
  // Call 4 signs with appId 1000 and four random digits.
  const base = { fileType, appId: 1000, timestamp: Date.now(), random: String(1000 + Math.floor(Math.random() * 9000)) };
  const credentialQuery = new URLSearchParams(Object.entries({ ...base, sign: computeSign(base, SECRET_1000) }).map(([k, v]) => [k, String(v)]));
  const credential = (await (await fetch(`${baseUrl}/v1/common/credentialsBySign?${credentialQuery}`, { headers })).json()) as {
    data: { credentials: { token: string } };
  };
  const bytes = Buffer.from(text);
  const post = async <T>(path: string, body: Record<string, string | number>) => {
    const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(signed(body)) });
    const json = (await response.json()) as { status: number; data: T };
    if (json.status !== 1) throw new Error(`${path}: ${JSON.stringify(json)}`);
    return json.data;
  };
  const uploadToken = credential.data.credentials.token;
  const started = await post<{ uploadId: string; signed: { url: string }[] }>('/v1/upload/multipart/start', {
    uploadToken,
    fileName,
    fileSize: bytes.length,
    contentType: fileName.endsWith('.svg') ? 'image/svg+xml' : 'text/html',
    fingerprint: createHash('sha256').update(`${fileType}:${fileName}:${Math.random()}`).digest('hex'),
  });
  const put = await fetch(started.signed[0]!.url, { method: 'PUT', body: bytes });
  expect(put.status).toBe(200);
  return post<{ key: string; url: string }>('/v1/upload/multipart/complete', { uploadToken, uploadId: started.uploadId });
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
