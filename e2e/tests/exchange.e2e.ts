import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignCodesPath, consoleCampaignCreatePath, giftRedeemPath } from '@vsp/contract/endpoints/gift-codes';
import { openPage, useBrowser, viewports } from '../support/browser';
import { DEMO_UID, OPERATOR_UID, balanceOf, openExchange, unexpectedErrors } from '../support/recharge';
import { axeViolations } from '../support/axe';
import { apiClient, apiLogin } from '../support/session';

const DEMO_GIFT_CODE = 'AvatarParty2025';
const HOUR = 3_600_000;

describe('gift-code exchange page', () => {
  const b = useBrowser();
  let usedCode = '';

  beforeAll(async () => {
    const operator = apiClient(b.baseUrl, await apiLogin(b.baseUrl, 'operator'));
    const contents = [{ asset: 'gold_coins' as const, quantity: 5 }];
    const create = (body: { sharedCode?: string; uniqueCount?: number; totalCap?: number; startsAt?: string; endsAt?: string }) =>
      operator.post(consoleCampaignCreatePath, { body: { name: 'e2e', contents, totalCap: 10, startsAt: new Date(Date.now() - HOUR).toISOString(), endsAt: new Date(Date.now() + HOUR).toISOString(), ...body } });
    await create({ sharedCode: 'E2E-Expired', startsAt: new Date(Date.now() - 2 * HOUR).toISOString(), endsAt: new Date(Date.now() - HOUR).toISOString() });
    await create({ sharedCode: 'E2E-Cap-One', totalCap: 1 });
    const unique = await create({ uniqueCount: 1 });
    usedCode = (await operator.get(campaignCodesPath, { params: { id: unique.id } }))[0]!.code;
    // The operator's account claims the capped pack and the single-use code first.
    for (const code of ['E2E-Cap-One', usedCode]) {
      await apiClient(b.baseUrl).post(giftRedeemPath, { body: { uid: OPERATOR_UID, code } });
    }
  });

  async function redeemInPage(page: Page, code: string) {
    await page.getByTestId('gift-code-input').fill(code);
    await page.getByTestId('exchange-confirm').click();
  }

  async function openVerified(lang?: string, options = viewports.desktop) {
    const context = await b.context({ ...options, ...(lang ? { lang } : {}) });
    const { page, problems } = await openPage(context);
    await openExchange(page, DEMO_UID);
    return { context, page, problems };
  }

  it('redeems the demo code: steps, tips, success screen with what was granted, credited once', async () => {
    const before = await balanceOf(b.baseUrl, 'demo', 'gold_coins');
    const { context, page, problems } = await openVerified(undefined, viewports.phone);
    expect(await page.getByTestId('gift-code-input').getAttribute('placeholder')).toBe('Please enter the gift pack code');
    const side = await page.locator('.exchange-side').textContent();
    for (const text of ['Verify the account ID', 'Enter the gift pack code', 'Click redeem', 'Check the backpack in the app', 'Gift pack codes are case sensitive', 'account ban and recovery of the gift content']) {
      expect(side).toContain(text);
    }
    expect(await axeViolations(page)).toEqual([]);
    await redeemInPage(page, DEMO_GIFT_CODE);
    const success = page.getByTestId('exchange-success');
    await success.waitFor();
    expect(await success.textContent()).toContain('Successful!');
    expect(await success.textContent()).toContain('Head over to the app to see the contents of the backpack');
    expect(await success.textContent()).toContain('Gold coins');
    expect(await balanceOf(b.baseUrl, 'demo', 'gold_coins')).toBe(before + 100);
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await context.close();
  });

  it.each([
    ['280001001', 'Avatarparty2025', 'Please enter a valid gift pack code!'],
    ['280001002', 'E2E-Expired', 'This gift pack has expired'],
    ['280001003', 'E2E-Cap-One', 'All of these gift packs have been claimed'],
    ['280001004', () => usedCode, 'This code has already been used'],
    ['280001005', DEMO_GIFT_CODE, 'You have already redeemed this gift pack and cannot redeem it again'],
  ] as const)('shows error %s in the visitor\'s language', async (_code, code, text) => {
    const { context, page, problems } = await openVerified();
    await redeemInPage(page, typeof code === 'function' ? code() : code);
    expect(await page.getByTestId('exchange-problem').textContent()).toBe(text);
    expect(await page.getByTestId('exchange-success').count()).toBe(0);
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    await context.close();
  });

  it('asks to verify the account ID first, and drops the request once it is verified', async () => {
    const context = await b.context(viewports.desktop);
    const { page } = await openPage(context);
    await page.goto('/exchange');
    await redeemInPage(page, DEMO_GIFT_CODE);
    await expect.poll(() => page.getByTestId('exchange-problem').textContent()).toBe('Please verify the account ID first');
    await page.getByTestId('account-input').fill(String(DEMO_UID));
    await page.getByTestId('account-confirm').click();
    await page.getByTestId('account-nickname').waitFor();
    await expect.poll(() => page.getByTestId('exchange-problem').count()).toBe(0);
    expect(await page.getByTestId('gift-code-input').getAttribute('aria-invalid')).toBeNull();
    await context.close();
  });

  it('answers in Arabic, right to left, for an Arabic visitor', async () => {
    const { context, page } = await openVerified('ar-SA');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await redeemInPage(page, 'E2E-Expired');
    expect(await page.getByTestId('exchange-problem').textContent()).toBe('انتهت صلاحية حزمة الهدايا هذه');
    await context.close();
  });
});
