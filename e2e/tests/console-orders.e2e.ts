import { describe, expect, it } from 'vitest';
import { consoleCampaignCreatePath, giftRedeemPath } from '@vsp/contract/endpoints/gift-codes';
import { rechargeCataloguePath, rechargeOrderPath } from '@vsp/contract/endpoints/recharge';
import { consoleAsOperator as operatorConsole, openPage, useBrowser, viewports } from '../support/browser';
import { DEMO_UID, gatewayAction, openExchange, unexpectedErrors } from '../support/recharge';
import { axeViolations } from '../support/axe';
import { DEMO_PASSWORD, apiClient, apiLogin, apiRegister } from '../support/session';

/**
 * The operator console's orders, wallets and campaign changes in a real browser (issue 10): an
 * operator finds a payer's order by account ID and reads its timeline, re-checks it with the
 * provider, sees the payer's ledger; edits a campaign's cap and sees the new remaining; disables a
 * campaign and its code then fails on /exchange.
 */
const run = Date.now().toString(36);
const HOUR = 3_600_000;

describe('operator console: orders, wallets, campaigns', () => {
  const b = useBrowser();

  const consoleAsOperator = () => operatorConsole(b, DEMO_PASSWORD);

  async function createCampaign(name: string, sharedCode: string, totalCap: number, window: { startsAt: number; endsAt: number } = { startsAt: Date.now() - HOUR, endsAt: Date.now() + HOUR }) {
    const operator = await apiLogin(b.baseUrl, 'operator');
    await apiClient(b.baseUrl, operator).post(consoleCampaignCreatePath, {
      body: {
        name,
        contents: [{ asset: 'gold_coins', quantity: 3 }],
        startsAt: new Date(window.startsAt).toISOString(),
        endsAt: new Date(window.endsAt).toISOString(),
        totalCap,
        sharedCode,
      },
    });
  }

  it('finds a paid order by account ID, shows its timeline, re-checks it, and shows the payer’s ledger', async () => {
    const name = `co_${run}`;
    const payer = await apiRegister(b.baseUrl, name, `${name}@example.com`, 'payer-password-1');
    const catalogue = await apiClient(b.baseUrl).get(rechargeCataloguePath);
    const method = catalogue.paymentMethods.find((m) => m.provider === 'sandbox')!;
    const made = await apiClient(b.baseUrl).post(rechargeOrderPath, {
      body: { uid: payer.uid, kind: 'product', itemId: catalogue.products[0]!.id, paymentMethodId: method.id, idempotencyKey: `console-${run}-abcdef` },
    });
    const orderNo = made.orderNo;
    const checkout = await b.context(viewports.desktop);
    const { page: gateway } = await openPage(checkout);
    await gateway.goto(made.checkoutUrl!);
    await gatewayAction(gateway, 'Pay');
    await expect
      .poll(async () => (await apiClient(b.baseUrl).get(rechargeOrderPath, { query: { orderNo } })).status)
      .toBe('fulfilled');
    await checkout.close();

    const { context, page, problems } = await consoleAsOperator();
    await page.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await page.getByLabel('Order number or account ID').fill(String(payer.uid));
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row', { name: new RegExp(orderNo) });
    await row.waitFor();
    expect(await row.textContent()).toContain('fulfilled');
    // Assets by their names of spec section 3, never their ids.
    expect(await row.textContent()).toContain('Diamond ×60');
    await row.getByRole('button', { name: `Timeline of ${orderNo}` }).click();

    const timeline = page.getByRole('region', { name: `Timeline of order ${orderNo}` });
    await timeline.waitFor();
    const events = async () => (await timeline.getByRole('row').allTextContents()).slice(1);
    const kinds = (await events()).map((text) => /Created|Payment notification received|Paid|Credited to the wallet/.exec(text)?.[0]);
    expect(kinds).toEqual(['Created', 'Payment notification received', 'Paid', 'Credited to the wallet']);
    // Assets by their names of spec section 3, not their ids.
    expect((await events())[0]).toContain('Diamond ×60 for ');
    expect((await events())[3]).toContain(`Diamond ×60 to account ${payer.uid}`);
    expect(await axeViolations(page)).toEqual([]);

    await timeline.getByRole('button', { name: 'Re-check with the provider' }).click();
    await timeline.getByText('The provider says paid; result: duplicate.').waitFor();
    await expect.poll(async () => (await events()).at(-1)).toContain('Re-checked with the provider');
    expect((await events()).filter((text) => text.includes('Credited to the wallet'))).toHaveLength(1);

    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('Account ID, user name or e-mail').fill(String(payer.uid));
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Wallet of ${name}` }).click();
    const wallet = page.getByRole('region', { name: `Wallet of ${name} (${payer.uid})` });
    await wallet.getByText('Page 1 of 1 (1 entries)').waitFor();
    const diamonds = wallet.getByRole('row', { name: /^Diamond\s*60$/ });
    expect(await diamonds.count()).toBe(1);
    expect(await wallet.getByRole('row', { name: new RegExp(`order:${orderNo}`) }).textContent()).toContain('+60');
    expect(await axeViolations(page)).toEqual([]);

    expect(problems.consoleErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await context.close();
  });

  it('edits a campaign’s cap and shows the new remaining', async () => {
    const name = `Cap ${run}`;
    await createCampaign(name, `CAP-${run}`, 5);
    const { context, page, problems } = await consoleAsOperator();
    await page.getByRole('link', { name: 'Gift campaigns' }).click();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['0 / 5', '5', 'Active']));

    await row.getByRole('button', { name: `Manage ${name}` }).click();
    const manager = page.getByRole('region', { name: `Manage campaign ${name}` });
    await manager.getByLabel('Total claims allowed').fill('12');
    await manager.getByRole('button', { name: 'Save window and cap' }).click();
    await manager.getByText(`Campaign ${name} saved.`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await expect.poll(async () => row.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['0 / 12', '12']));

    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows each campaign’s state, and fresh claim counts when the page is opened again from its link', async () => {
    const full = `Full ${run}`;
    await createCampaign(full, `FULL-${run}`, 1);
    await createCampaign(`Later ${run}`, `LATER-${run}`, 5, { startsAt: Date.now() + HOUR, endsAt: Date.now() + 2 * HOUR });
    await createCampaign(`Over ${run}`, `OVER-${run}`, 5, { startsAt: Date.now() - 2 * HOUR, endsAt: Date.now() - HOUR });
    const { context, page, problems } = await consoleAsOperator();
    await page.getByRole('link', { name: 'Gift campaigns' }).click();
    const cells = (name: string) => page.getByRole('row', { name: new RegExp(name) }).getByRole('cell').allTextContents();
    await page.getByRole('row', { name: new RegExp(full) }).waitFor();
    expect(await cells(`Later ${run}`)).toContain('Not started');
    expect(await cells(`Over ${run}`)).toContain('Ended');
    expect(await cells(full)).toEqual(expect.arrayContaining(['0 / 1', 'Active']));

    // A player claims the last pack while the page shows; opening it again from the menu shows it.
    await apiClient(b.baseUrl).post(giftRedeemPath, { body: { uid: DEMO_UID, code: `FULL-${run}` } });
    await page.getByRole('link', { name: 'Gift campaigns' }).click();
    await expect.poll(() => cells(full)).toEqual(expect.arrayContaining(['1 / 1', '0', 'Fully claimed']));
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });

  it('disables a campaign; its code then fails on /exchange with the expired text', async () => {
    const name = `Off ${run}`;
    const code = `OFF-${run}`;
    await createCampaign(name, code, 5);
    const { context, page, problems } = await consoleAsOperator();
    await page.getByRole('link', { name: 'Gift campaigns' }).click();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.getByRole('button', { name: `Manage ${name}` }).click();
    const manager = page.getByRole('region', { name: `Manage campaign ${name}` });
    page.once('dialog', (dialog) => void dialog.accept());
    await manager.getByRole('button', { name: 'Disable campaign' }).click();
    await manager.getByText(`Campaign ${name} is disabled.`).waitFor();
    await expect.poll(async () => row.getByRole('cell').allTextContents()).toContain('Disabled');

    const visitor = await b.context(viewports.phone);
    const { page: exchange, problems: exchangeProblems } = await openPage(visitor);
    await openExchange(exchange, DEMO_UID);
    await exchange.getByTestId('gift-code-input').fill(code);
    await exchange.getByTestId('exchange-confirm').click();
    await exchange.getByTestId('exchange-problem').waitFor();
    expect(await exchange.getByTestId('exchange-problem').textContent()).toBe('This gift pack has expired');
    expect(await exchange.getByTestId('exchange-success').count()).toBe(0);
    expect(unexpectedErrors(exchangeProblems.consoleErrors)).toEqual([]);

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('row', { name: /campaign\.disable/ }).first().waitFor();
    expect(problems.consoleErrors).toEqual([]);
    await visitor.close();
    await context.close();
  });
});
