import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleCampaignCreatePath } from '@vsp/contract/endpoints/gift-codes';
import { openPage, useBrowser, viewports } from '../support/browser';
import { axeViolations } from '../support/axe';
import { unexpectedErrors } from '../support/recharge';
import { apiClient, apiLogin, apiRegister } from '../support/session';

/**
 * Issue 19, gift codes: a shared link fills the code on /exchange; campaigns of one redemption group
 * redeem once per account for the group; a code whose campaign has not started says so.
 */
const run = Date.now().toString(36);
const HOUR = 3_600_000;

describe('gift-code links, redemption groups and campaigns not started yet', () => {
  const b = useBrowser();

  async function createCampaign(sharedCode: string, options: { redemptionGroup?: string; startsAt?: number } = {}) {
    const operator = await apiLogin(b.baseUrl, 'operator');
    await apiClient(b.baseUrl, operator).post(consoleCampaignCreatePath, {
      body: {
        name: `group test ${sharedCode}`,
        contents: [{ asset: 'gold_coins', quantity: 5 }],
        startsAt: new Date(options.startsAt ?? Date.now() - HOUR).toISOString(),
        endsAt: new Date((options.startsAt ?? Date.now()) + 2 * HOUR).toISOString(),
        totalCap: 100,
        sharedCode,
        ...(options.redemptionGroup ? { redemptionGroup: options.redemptionGroup } : {}),
      },
    });
  }

  /** /exchange opened from a shared link: the code is filled in; the payer verifies and redeems. */
  async function redeemFromLink(page: Page, uid: number, code: string) {
    await page.goto(`/exchange?code=${encodeURIComponent(code)}`);
    expect(await page.getByTestId('gift-code-input').inputValue()).toBe(code);
    await page.getByTestId('account-input').fill(String(uid));
    await page.getByTestId('account-confirm').click();
    await page.getByTestId('account-box').getByTestId('account-nickname').waitFor();
    await page.getByTestId('exchange-confirm').click();
    await page.locator('[data-testid="exchange-success"], [data-testid="exchange-problem"]').first().waitFor();
  }

  it('fills the code from the link, redeems one code of a group and refuses a second code of the same group', async () => {
    const group = `grp-${run}`;
    await createCampaign(`Group-A-${run}`, { redemptionGroup: group });
    await createCampaign(`Group-B-${run}`, { redemptionGroup: group });
    const player = await apiRegister(b.baseUrl, `grp_${run}`, `grp-${run}@example.com`, 'group-password-1');

    const context = await b.context(viewports.phone);
    const { page, problems } = await openPage(context);
    await redeemFromLink(page, player.uid, `Group-A-${run}`);
    expect(await page.getByTestId('exchange-success').isVisible()).toBe(true);

    await redeemFromLink(page, player.uid, `Group-B-${run}`);
    expect(await page.getByTestId('exchange-problem').textContent()).toBe('You have already redeemed this gift pack and cannot redeem it again');
    expect(await axeViolations(page)).toEqual([]);
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await context.close();
  });

  it('answers a code whose campaign has not started with its own message, in the visitor’s language', async () => {
    await createCampaign(`Later-${run}`, { startsAt: Date.now() + HOUR });
    const player = await apiRegister(b.baseUrl, `later_${run}`, `later-${run}@example.com`, 'later-password-1');
    const context = await b.context(viewports.desktop);
    const { page, problems } = await openPage(context);
    await redeemFromLink(page, player.uid, `Later-${run}`);
    expect(await page.getByTestId('exchange-problem').textContent()).toBe('This gift pack code is not active yet. Please try again once the event has started');

    await page.goto(`/exchange?lang=ar&code=Later-${run}`);
    await page.getByTestId('account-input').fill(String(player.uid));
    await page.getByTestId('account-confirm').click();
    await page.getByTestId('account-box').getByTestId('account-nickname').waitFor();
    await page.getByTestId('exchange-confirm').click();
    await page.getByTestId('exchange-problem').waitFor();
    expect(await page.getByTestId('exchange-problem').textContent()).toBe('رمز حزمة الهدايا هذا غير مفعّل بعد. يُرجى المحاولة مجددًا بعد بدء الفعالية');
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    await context.close();
  });
});
