import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validOutfitFiles } from '@vsp/outfit-format/testing';
import { consoleAsOperator, cspViolations, expectPolicy, openPage, useBrowser, viewports } from '../support/browser';
import { DEMO_PASSWORD, loginContext } from '../support/session';

/**
 * The security headers in a real browser (decision 0081): every page works under the
 * Content-Security-Policy the server sends (no inline script, no eval), with zero violations, and
 * no other site can frame the console.
 */


describe('Content-Security-Policy in a real browser', () => {
  const b = useBrowser();

  // Every route of the site, in English on a desktop and Arabic on a phone, is answered under the
  // policy with no violation in shell.e2e.ts's page sweep (one visit per page for every check).

  it('blocks a script injected inline, and the tests see the violation', async () => {
    const context = await b.context(viewports.desktop);
    const { page, problems } = await openPage(context);
    await page.goto('/about');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.append(script);
    });
    await expect.poll(() => cspViolations(problems).length).toBeGreaterThan(0);
    expect(await page.evaluate(() => 'injected' in window)).toBe(false);
    expect(problems.consoleErrors.some((e) => e.includes('script-src'))).toBe(true);
    await context.close();
  });

  it("shows the sandbox gateway's checkout page with its own styles", async () => {
    const context = await b.context(viewports.phone);
    const { page, problems } = await openPage(context);
    const response = await page.goto('/sandbox/checkout/sbx_000000000000000000000000');
    expect(response?.status()).toBe(404);
    expectPolicy(response);
    // The inline stylesheet applies: the card is white on the grey page.
    expect(await page.locator('main').evaluate((main) => getComputedStyle(main).backgroundColor)).toBe('rgb(255, 255, 255)');
    expect(cspViolations(problems)).toEqual([]);
    await context.close();
  });

  it('runs every page of the console after login', async () => {
    const { context, page, problems } = await consoleAsOperator(b, DEMO_PASSWORD);
    for (const [link, pathname] of [
      ['Users', 'users'],
      ['Orders', 'orders'],
      ['Gift campaigns', 'campaigns'],
      ['Settings', 'settings'],
      ['Labels', 'labels'],
      ['Analytics', 'analytics'],
      ['Audit log', 'audit'],
    ] as const) {
      await page.getByRole('link', { name: link }).click();
      await page.waitForURL(`**/console/${pathname}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    expectPolicy(await page.reload());
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(cspViolations(problems)).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });

  describe("the creator wizard's 3D preview", () => {
    let folders: string;
    beforeAll(() => {
      folders = mkdtempSync(path.join(os.tmpdir(), 'vsp-csp-outfit-'));
    });
    afterAll(() => rmSync(folders, { recursive: true, force: true }));

    async function toPreview(page: Page) {
      expectPolicy(await page.goto('/creator-platform'));
      await page.getByTestId('outfit-wizard').waitFor();
      await page.getByRole('radio', { name: 'Womenswear', exact: true }).check();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('radio', { name: /\bXSY$/ }).check();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByTestId('dropzone').waitFor();
      const root = path.join(folders, 'SummerTop');
      for (const file of validOutfitFiles('SummerTop')) {
        const target = path.join(folders, file.path);
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, file.bytes);
      }
      await page.getByTestId('folder-input').setInputFiles(root);
    }

    it('draws (or says it cannot) and runs the preflight worker without a violation', async () => {
      const context = await b.context(viewports.desktop);
      await loginContext(context, b.baseUrl, 'demo');
      const { page, problems } = await openPage(context);
      await toPreview(page);
      await expect.poll(() => page.getByTestId('preflight-ok').isVisible()).toBe(true);
      await expect.poll(() => page.getByTestId('outfit-preview').getAttribute('data-status')).toMatch(/^(ready|unavailable)$/);
      expect(cspViolations(problems)).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
      await context.close();
    });
  });

  it('refuses to show the console in a frame of another site', async () => {
    const context = await b.context(viewports.desktop);
    // Another site, on another port of this machine, frames the console.
    const site = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>framing</title><iframe src="${b.baseUrl}/console/"></iframe>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const framing = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    const consoleAnswered = page.waitForResponse((response) => response.url() === `${b.baseUrl}/console/`);
    await page.goto(framing);
    expectPolicy(await consoleAnswered);
    // The browser refuses the frame (and says why), and the console's login never shows in it.
    await expect.poll(() => messages.some((m) => /frame-ancestors 'none'|X-Frame-Options/i.test(m))).toBe(true);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(await frame?.getByLabel('Password').count()).toBe(0);
    await context.close();
    site.close();
  });
});
