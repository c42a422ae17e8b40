import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../apps/server/src/test/outbox';
import { AppError } from '@vsp/contract/app-error';
import { parentSettingsPath, parentUnlinkPath, playerParentPath } from '@vsp/contract/endpoints/parental';
import { Errors } from '@vsp/contract/error-codes';
import { axeViolations } from '../support/axe';
import { openPage, useBrowser, viewports } from '../support/browser';
import { advanceServerClock } from '../support/clock';
import { gatewayAction, openShop, orderMessage, payForProduct, unexpectedErrors } from '../support/recharge';
import { startServer, type RunningServer } from '../support/server-process';
import { apiClient, apiRegister, loginContext } from '../support/session';

/**
 * Issue 32, parents in control: a player names a parent on /account; the parent confirms from the
 * mailed link with a PIN and sets a monthly limit on a phone; a stranger's top-up within it is
 * credited and the parent's notice mail arrives; the next one over it is refused in the payer's
 * language with the day it lifts; next month (the test clock) purchases go through again; the player
 * can neither change nor remove the limit. A server of its own: it reads the outbox and moves the clock.
 */
const run = Date.now().toString(36);
const PASSWORD = 'parental-player-1';
const PARENT = `parent-${run}@example.org`;
const PIN = '482916';
/** How the player sees the parent's address: first and last letter of the name, first of the domain. */
const MASKED = `p•••${run.at(-1)}@e•••.org`;

/** The path and query of the newest parent link mailed to `to` (`confirm=` or `token=`). */
function mailedLink(server: RunningServer, to: string, kind: 'confirm' | 'token'): string | undefined {
  const mail = readOutbox(`${server.dataDir}/outbox`).filter((m) => m.to.includes(to)).at(-1);
  const link = mail ? new RegExp(`https?://\\S+/parent\\?${kind}=[A-Za-z0-9_-]+(&lang=[A-Za-z-]+)?`).exec(mail.text)?.[0] : undefined;
  if (!link) return undefined;
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** A text as read, without the marks that keep an address left to right inside a sentence. */
const shown = (text: string | null) => (text ?? '').replace(/[\u2068\u2069]/g, '');

/** The first day of the month after `now`, UTC. */
function nextMonth(now: number): Date {
  const d = new Date(now);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
}

describe('parents in control (issue 32): a monthly limit, purchase notices', () => {
  const b = useBrowser();
  let server: RunningServer;
  let player: { uid: number; userName: string; token: string };

  beforeAll(async () => {
    server = await startServer({ TEST_CLOCK: '1' });
    const registered = await apiRegister(server.baseUrl, `kid_${run}`, `kid-${run}@example.com`, PASSWORD);
    player = { uid: registered.uid, userName: registered.userName, token: registered.token };
  });
  afterAll(async () => {
    await server?.stop();
  });

  const context = (options = viewports.desktop) => b.context({ ...options, baseURL: server.baseUrl });

  /** A stranger's top-up of the second amount ($4.99) from a browser without a session. */
  async function strangerBuys(page: Page) {
    await openShop(page, '/recharge', player.uid);
    await payForProduct(page);
    await gatewayAction(page, 'Pay');
    expect(await orderMessage(page, 'success')).toMatch(/^Purchase successful/);
  }

  it('links a parent from the mailed link, who sets a limit on a phone; the player sees it and cannot change or remove it', async () => {
    const kid = await context();
    await loginContext(kid, server.baseUrl, player.userName, PASSWORD);
    const { page, problems } = await openPage(kid);
    await page.goto('/account');
    const section = page.getByTestId('parental-section');
    await section.getByRole('heading', { name: 'Parental controls' }).waitFor();
    await section.getByLabel("Parent's e-mail").fill(PARENT);
    await section.getByTestId('parent-send').click();
    await section.getByTestId('parental-pending').waitFor();
    expect(shown(await section.getByTestId('parental-pending').textContent())).toContain(MASKED);

    // The parent, on a phone, opens the mailed link and chooses a PIN.
    await expect.poll(() => mailedLink(server, PARENT, 'confirm'), { timeout: 120_000 }).toBeDefined();
    const parent = await context(viewports.phone);
    const { page: parentPage, problems: parentProblems } = await openPage(parent);
    await parentPage.goto(mailedLink(server, PARENT, 'confirm')!);
    await parentPage.getByRole('heading', { name: 'Confirm and choose a PIN' }).waitFor();
    expect(await axeViolations(parentPage)).toEqual([]);
    await parentPage.getByLabel('PIN (4 to 8 digits)').fill(PIN);
    await parentPage.getByRole('button', { name: 'Confirm' }).click();
    await parentPage.getByTestId('parent-manage').waitFor();
    // The one-time token has left the address bar.
    expect(new URL(parentPage.url()).search).not.toContain('confirm=');
    expect(await parentPage.getByTestId('parent-child').textContent()).toBe(`Account of kid_${run} (ID ${player.uid})`);
    await parentPage.getByLabel('No limit').uncheck();
    await parentPage.getByLabel('Limit per month').fill('5.00');
    await parentPage.getByLabel('Currency').selectOption('USD');
    await parentPage.getByTestId('parent-save').click();
    await parentPage.getByTestId('toast').filter({ hasText: 'Settings saved' }).waitFor();
    await expect.poll(() => parentPage.getByTestId('parent-limit-use').textContent()).toContain('$0.00 of $5.00');
    expect(await parentPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(parentPage)).toEqual([]);

    // The player sees who manages the account, partly hidden, and has nothing to change it with.
    await page.reload();
    await section.getByTestId('parental-active').waitFor();
    expect(shown(await section.getByTestId('parental-active').textContent())).toContain(`managed by a parent (${MASKED})`);
    expect(await section.getByTestId('parent-email').count()).toBe(0);
    expect(await page.getByText(PARENT).count()).toBe(0);
    // Nor through the API: the player's session is not a parent's.
    const asPlayer = apiClient(server.baseUrl, { token: player.token, uid: player.uid });
    for (const call of [() => asPlayer.post(parentSettingsPath, { body: { noLimit: true } }), () => asPlayer.post(parentUnlinkPath, { headers: { 'parent-token': player.token } })]) {
      const refused = await call().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe(Errors.ParentSignInRequired);
    }
    expect((await asPlayer.get(playerParentPath)).link?.state).toBe('active');
    // And /parent, opened by the player, only offers a parent's sign-in.
    await page.goto('/parent');
    await page.getByTestId('parent-sign-in-request').waitFor();
    expect(await page.getByTestId('parent-manage').count()).toBe(0);

    expect(unexpectedErrors([...problems.consoleErrors, ...parentProblems.consoleErrors])).toEqual([]);
    await kid.close();
    await parent.close();
  });

  it('credits a stranger’s top-up within the limit and mails the parent; refuses the next one in the payer’s language; allows it next month', async () => {
    const stranger = await context();
    const { page, problems } = await openPage(stranger);
    await strangerBuys(page);
    // The parent's notice.
    const notice = () => readOutbox(`${server.dataDir}/outbox`).find((m) => m.to.includes(PARENT) && /credited/.test(m.subject));
    await expect.poll(notice, { timeout: 120_000 }).toBeDefined();
    expect(notice()!.subject).toContain('$4.99');
    expect(notice()!.text).toContain(`account ID ${player.uid}`);

    // 4.99 more would pass 5.00: refused, saying from when it can again, never the limit.
    const lifts = nextMonth(Date.now());
    await openShop(page, '/recharge', player.uid);
    await page.getByTestId('product').nth(1).click();
    await page.getByTestId('pay').click();
    await page.getByTestId('confirm-order').click();
    const expected = `This account cannot receive any more purchases this month. Purchases are possible again from ${new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(lifts)}.`;
    await page.getByTestId('toast').filter({ hasText: expected }).waitFor();
    expect(await page.getByTestId('toast').filter({ hasText: '5.00' }).count()).toBe(0);

    // In Arabic, for a payer reading Arabic.
    const arabic = await context(viewports.phone);
    const { page: arPage, problems: arProblems } = await openPage(arabic);
    await arPage.goto(`/recharge?lang=ar`);
    await arPage.getByTestId('account-input').fill(String(player.uid));
    await arPage.getByTestId('account-confirm').click();
    await arPage.getByTestId('account-box').getByTestId('account-nickname').waitFor();
    const next = arPage.getByTestId('next-step');
    if (await next.isVisible()) await next.click();
    await arPage.getByTestId('product').nth(1).click();
    await arPage.getByTestId('pay').click();
    await arPage.getByTestId('confirm-order').click();
    await arPage.getByTestId('toast').filter({ hasText: 'لا يمكن لهذا الحساب استلام أي مشتريات أخرى هذا الشهر' }).waitFor();
    expect(await arPage.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await arabic.close();

    // Next month on the test clock: the limit allows purchases again.
    await advanceServerClock(server.baseUrl, lifts.getTime() - Date.now() + 60 * 60_000);
    await strangerBuys(page);
    expect(unexpectedErrors([...problems.consoleErrors, ...arProblems.consoleErrors])).toEqual([]);
    await stranger.close();
  });
});
