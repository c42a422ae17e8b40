import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../support/admin-cli';
import { openPage, useBrowser, viewports } from '../support/browser';
import { unexpectedErrors as unexpectedOtherErrors } from '../support/recharge';
import { startServer, type RunningServer } from '../support/server-process';
import { consoleAuditPath } from '@vsp/contract/endpoints/console';
import { apiClient, apiLogin, apiRegister } from '../support/session';
import { addVirtualAuthenticator, localhostUrl } from '../support/virtual-authenticator';

/**
 * Issue 30, passkeys with Chromium's virtual authenticator (decision 0156): a player adds one on
 * /account and signs in with it instead of the password, on a phone and on a computer; an operator
 * enrols one as the console's second factor at the first sign-in and confirms later sign-ins with it.
 * Its own server (an operator made with the admin CLI), reached at localhost (a passkey's site).
 */
let server: RunningServer;
let baseURL: string;
const PASSWORD = 'passkey-pass-1';
beforeAll(async () => {
  server = await startServer();
  baseURL = localhostUrl(server.baseUrl);
  const created = await runAdminCli(server.dataDir, ['create-user', '--user-name', 'op_key', '--email', 'op-key@example.com', '--password', PASSWORD, '--role', 'operator']);
  expect(created.code, created.stderr).toBe(0);
});
afterAll(async () => {
  await server?.stop();
});

/** A cancelled or refused factor answers 401 or 403, which the page handles. */
const unexpectedErrors = (errors: readonly string[]) => unexpectedOtherErrors(errors).filter((e) => !/status of (401|403)/.test(e));

describe('passkeys', () => {
  const b = useBrowser();

  for (const [device, viewport] of [
    ['a phone', viewports.phone],
    ['a computer', viewports.desktop],
  ] as const) {
    it(`lets a player add a passkey on /account and sign in with it on ${device}; the password still works`, async () => {
      const userName = `key_${device === 'a phone' ? 'phone' : 'desk'}_${Date.now() % 1_000_000}`;
      await apiRegister(server.baseUrl, userName, `${userName}@example.com`, PASSWORD);
      const context = await b.context({ ...viewport, baseURL });
      const { page, problems } = await openPage(context);
      const passkeysHeld = await addVirtualAuthenticator(context, page);

      await page.goto('/login?redirect=%2Faccount');
      await page.getByLabel('E-mail or user name').fill(userName);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      const section = page.getByTestId('passkeys-section');
      await section.getByText('No passkey yet.').waitFor();
      await section.getByRole('button', { name: 'Add a passkey' }).click();
      await page.getByTestId('toast').filter({ hasText: 'Passkey added. Next time you can sign in with it.' }).waitFor();
      await section.getByText(/^Passkey added on /).waitFor();
      expect(await passkeysHeld()).toBe(1);

      await page.evaluate(() => localStorage.clear());
      await page.goto('/login?redirect=%2Faccount');
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toContain(userName);
      await page.getByTestId('toast').filter({ hasText: 'Login successful' }).first().waitFor();

      // The passkey goes; the password stays.
      await page.getByTestId('passkeys-section').getByRole('button', { name: /^Remove the passkey added on / }).click();
      await page.getByTestId('passkeys-section').getByText('No passkey yet.').waitFor();
      // Both changes of how the account signs in are in the operators' audit log, by the player.
      const registered = await apiLogin(server.baseUrl, userName, PASSWORD);
      const { entries } = await apiClient(server.baseUrl, await apiLogin(server.baseUrl, 'operator')).get(consoleAuditPath, { query: { limit: 200 } });
      const mine = entries.filter((entry) => entry.target === `user:${registered.uid}`).map((entry) => [entry.action, entry.actorUid]);
      expect(mine).toEqual(expect.arrayContaining([['passkey.add', Number(registered.uid)], ['passkey.remove', Number(registered.uid)]]));
      expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
      expect(problems.failedRequests).toEqual([]);
      await context.close();
    });
  }

  it('lets an operator enrol a passkey as the second factor at the first console sign-in, then confirm with it; audited with the factor', async () => {
    const context = await b.context({ ...viewports.desktop, baseURL });
    const { page, problems } = await openPage(context);
    await addVirtualAuthenticator(context, page);
    const passwordStep = async () => {
      await page.getByLabel('E-mail or user name').fill('op_key');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
    };
    await page.goto('/console/');
    await passwordStep();
    await page.getByRole('heading', { name: 'Set up your second factor', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Use a passkey instead' }).click();
    await page.getByRole('heading', { name: 'Your recovery codes', level: 1 }).waitFor();
    expect(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByRole('navigation', { name: 'Console sections' }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();

    await passwordStep();
    await page.getByRole('heading', { name: 'Confirm your sign-in', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByRole('navigation', { name: 'Console sections' }).waitFor();
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('row', { name: /operator\.sign-in.*passkey/ }).first().waitFor();
    await page.getByRole('row', { name: /operator\.factor-add.*passkey/ }).waitFor();
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    await context.close();
  });
});
