import type { BrowserContext, Locator, Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { consoleCampaignCreatePath } from '@vsp/contract/endpoints/gift-codes';
import { rechargeCataloguePath, rechargeOrderPath, walletPath } from '@vsp/contract/endpoints/recharge';
import { PAGE_FORMS } from '@vsp/contract/page-forms';
import { textsFor } from '@vsp/labels';
import { expectPolicy, openPage, useBrowser, viewports } from '../support/browser';
import { unexpectedErrors } from '../support/recharge';
import { apiClient, apiLogin, apiRegister } from '../support/session';

/**
 * Issue 27: the forms where one form is the whole task and no account is needed work without
 * scripts (decision 0144). With JavaScript switched off, the prerendered form posts to its page and
 * the server answers the page with the outcome in the visitor's language, the values typed kept and
 * nothing of them in the address; a page whose scripts fail to load does the same, and the app,
 * once its scripts arrive, takes the answered page over as it is.
 */
const run = Date.now().toString(36);
const HOUR = 3_600_000;
const PASSWORD = 'plain-post-1';
const CODE = `NoScript-${run}`;
/** Redeemed through the app, on a page the server answered first. */
const APP_CODE = `NoScript-App-${run}`;
const en = textsFor('en');
const ar = textsFor('ar');
const nicknameText = (texts: Record<string, string>, nickname: string) => texts['recharge.nickname']!.replace('{nickname}', nickname);

describe('forms without scripts', () => {
  const b = useBrowser();
  let player: { uid: number; nickname: string; userName: string };
  let orderNo = '';

  beforeAll(async () => {
    const operator = apiClient(b.baseUrl, await apiLogin(b.baseUrl, 'operator'));
    for (const sharedCode of [CODE, APP_CODE]) {
      await operator.post(consoleCampaignCreatePath, {
        body: { name: `no script ${sharedCode}`, contents: [{ asset: 'gold_coins', quantity: 3 }], totalCap: 10, sharedCode, startsAt: new Date(Date.now() - HOUR).toISOString(), endsAt: new Date(Date.now() + HOUR).toISOString() },
      });
    }
    const registered = await apiRegister(b.baseUrl, `plain_${run}`, `plain-${run}@example.com`, PASSWORD);
    player = { uid: registered.uid, nickname: registered.nickname, userName: registered.userName };
    const catalogue = await apiClient(b.baseUrl).get(rechargeCataloguePath);
    const method = catalogue.paymentMethods.find((m) => m.provider === 'sandbox')!;
    const order = await apiClient(b.baseUrl).post(rechargeOrderPath, {
      body: { uid: player.uid, kind: 'product', itemId: catalogue.products[0]!.id, paymentMethodId: method.id, idempotencyKey: `plain-post-${run}-order` },
    });
    orderNo = order.orderNo;
  });

  /** A context with JavaScript switched off; `locale` sets the browser's Accept-Language. */
  async function withoutScripts(locale: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await b.context({ ...viewports.phone, javaScriptEnabled: false, lang: locale });
    await context.addCookies([{ name: 'iosNoticeSeen', value: '1', url: b.baseUrl }]);
    return { context, page: await context.newPage() };
  }

  /** Presses a form's button and waits for the page the server answers the plain form with. */
  async function send(page: Page, button: Locator): Promise<Response> {
    const responded = page.waitForResponse((r) => r.request().isNavigationRequest() && r.request().frame() === page.mainFrame());
    const navigated = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
    await button.click();
    const response = await responded;
    await navigated;
    await page.waitForLoadState('load');
    return response;
  }

  /** Where the post went and what came back: the page's own address and language, never cached, the site's policy. */
  function expectAnswer(page: Page, response: Response, path: string, lang: string, status: number) {
    expect(response.request().method()).toBe('POST');
    expect(response.status()).toBe(status);
    expect(response.request().url()).toBe(`${b.baseUrl}${path}?lang=${lang}`);
    // Nothing typed travels in the address: it is the page's.
    expect(page.url()).toBe(`${b.baseUrl}${path}?lang=${lang}`);
    expect(response.headers()['cache-control']).toBe('no-store');
    expect(response.headers()['content-language']).toBe(lang);
    expectPolicy(response);
  }

  async function walletGold(): Promise<number> {
    const wallet = await apiClient(b.baseUrl, await apiLogin(b.baseUrl, player.userName, PASSWORD)).get(walletPath);
    return wallet.balances.find((h) => h.asset === 'gold_coins')?.amount ?? 0;
  }

  it('posts each form of the pages with forms to its own page, with named fields', async () => {
    const { context, page } = await withoutScripts('en-US');
    for (const [path, forms] of Object.entries(PAGE_FORMS)) {
      await page.goto(path);
      expect(await page.locator('#root form[method="post"]').count(), path).toBe(forms.length);
      for (const form of forms) {
        const element = page.locator(`#root form[method="post"]:has(input[type="hidden"][name="form"][value="${form}"])`);
        expect(await element.count(), `${form} on ${path}`).toBe(1);
        expect(await element.getAttribute('action'), `${form} on ${path}`).toBe(`${path}?lang=en`);
        expect(await element.locator('input:not([type="hidden"]):not([name])').count(), `${form} on ${path}: every field named`).toBe(0);
      }
    }
    await context.close();
  });

  it('redeems a gift code on /exchange in English: the account checked, a wrong code refused and kept, then redeemed', async () => {
    const before = await walletGold();
    const { context, page } = await withoutScripts('en-US');
    await page.goto('/exchange');
    await page.getByTestId('account-input').fill(String(player.uid));
    expectAnswer(page, await send(page, page.getByTestId('account-confirm')), '/exchange', 'en', 200);
    expect(await page.getByTestId('account-box').getByTestId('account-nickname').textContent()).toBe(nicknameText(en, player.nickname));

    // Codes are case sensitive: the refusal in English, the code as typed still in the field.
    const wrong = CODE.toLowerCase();
    await page.getByTestId('gift-code-input').fill(wrong);
    expectAnswer(page, await send(page, page.getByTestId('exchange-confirm')), '/exchange', 'en', 400);
    expect(await page.getByTestId('exchange-problem').textContent()).toBe('Please enter a valid gift pack code!');
    expect(await page.getByTestId('gift-code-input').inputValue()).toBe(wrong);
    expect(await page.getByTestId('gift-code-input').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('account-nickname').textContent()).toBe(nicknameText(en, player.nickname));

    await page.getByTestId('gift-code-input').fill(CODE);
    expectAnswer(page, await send(page, page.getByTestId('exchange-confirm')), '/exchange', 'en', 200);
    const success = await page.getByTestId('exchange-success').textContent();
    expect(success).toContain('Successful!');
    expect(success).toContain('Head over to the app to see the contents of the backpack');
    expect(success).toContain('Gold coins');
    expect(await walletGold()).toBe(before + 3);

    // "Redeem another": the account is checked again and the code field is empty.
    expectAnswer(page, await send(page, page.getByTestId('exchange-again')), '/exchange', 'en', 200);
    expect(await page.getByTestId('account-nickname').textContent()).toBe(nicknameText(en, player.nickname));
    expect(await page.getByTestId('gift-code-input').inputValue()).toBe('');
    // The same code again: refused once redeemed, in the page, not a second credit.
    await page.getByTestId('gift-code-input').fill(CODE);
    expectAnswer(page, await send(page, page.getByTestId('exchange-confirm')), '/exchange', 'en', 409);
    expect(await page.getByTestId('exchange-problem').textContent()).toBe('You have already redeemed this gift pack and cannot redeem it again');
    expect(await walletGold()).toBe(before + 3);
    await context.close();
  });

  it('answers /exchange in Arabic, right to left: the account ID and the code kept with the reason', async () => {
    const { context, page } = await withoutScripts('ar-SA');
    await page.goto('/exchange');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByTestId('account-input').fill('12ab');
    expectAnswer(page, await send(page, page.getByTestId('account-confirm')), '/exchange', 'ar', 400);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.getByTestId('account-problem').textContent()).toBe(ar['recharge.userInput.digits']);
    expect(await page.getByTestId('account-input').inputValue()).toBe('12ab');

    await page.getByTestId('account-input').fill(String(player.uid));
    expectAnswer(page, await send(page, page.getByTestId('account-confirm')), '/exchange', 'ar', 200);
    await page.getByTestId('gift-code-input').fill('Not-A-Code');
    expectAnswer(page, await send(page, page.getByTestId('exchange-confirm')), '/exchange', 'ar', 400);
    expect(await page.getByTestId('exchange-problem').textContent()).toBe(ar['error.280001001']);
    expect(await page.getByTestId('gift-code-input').inputValue()).toBe('Not-A-Code');
    expect(await page.getByTestId('account-nickname').textContent()).toBe(nicknameText(ar, player.nickname));
    await context.close();
  });

  it('checks the account ID on /recharge, in English and in Arabic', async () => {
    const english = await withoutScripts('en-US');
    await english.page.goto('/recharge');
    await english.page.getByTestId('account-input').fill('99999999');
    expectAnswer(english.page, await send(english.page, english.page.getByTestId('account-confirm')), '/recharge', 'en', 404);
    expect(await english.page.getByTestId('account-problem').textContent()).toBe(en['error.10094']);
    expect(await english.page.getByTestId('account-input').inputValue()).toBe('99999999');
    await english.page.getByTestId('account-input').fill(String(player.uid));
    expectAnswer(english.page, await send(english.page, english.page.getByTestId('account-confirm')), '/recharge', 'en', 200);
    expect(await english.page.getByTestId('account-nickname').textContent()).toBe(nicknameText(en, player.nickname));
    // Paying needs the app: the page says so where the next step is.
    expect(await english.page.getByTestId('next-step-needs-scripts').textContent()).toBe(en['recharge.nextStep.needsScripts']);
    // Another account: the page again, in its language, the field empty.
    const changed = await send(english.page, english.page.getByTestId('account-change'));
    expect([changed.request().method(), changed.status(), english.page.url()]).toEqual(['GET', 200, `${b.baseUrl}/recharge?lang=en`]);
    expect(await english.page.getByTestId('account-input').inputValue()).toBe('');
    await english.context.close();

    const arabic = await withoutScripts('ar-SA');
    await arabic.page.goto('/recharge');
    await arabic.page.getByTestId('account-input').fill('99999999');
    expectAnswer(arabic.page, await send(arabic.page, arabic.page.getByTestId('account-confirm')), '/recharge', 'ar', 404);
    expect(await arabic.page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await arabic.page.getByTestId('account-problem').textContent()).toBe(ar['error.10094']);
    expect(await arabic.page.getByTestId('account-input').inputValue()).toBe('99999999');
    await arabic.context.close();
  });

  it('looks an order up by its number on /recharge, in English and in Arabic', async () => {
    const english = await withoutScripts('en-US');
    const { page } = english;
    await page.goto('/recharge');
    await page.getByTestId('lookup-input').fill('TU-123');
    expectAnswer(page, await send(page, page.getByTestId('lookup-submit')), '/recharge', 'en', 400);
    expect(await page.getByTestId('lookup-problem').textContent()).toBe('Order numbers look like TU-20250601-7K3M9QX2HD');
    expect(await page.getByTestId('lookup-input').inputValue()).toBe('TU-123');

    // Typed in lower case, as a payer copies it from a mail: found all the same.
    await page.getByTestId('lookup-input').fill(orderNo.toLowerCase());
    const found = await send(page, page.getByTestId('lookup-submit'));
    expectAnswer(page, found, '/recharge', 'en', 200);
    const result = page.getByTestId('lookup-result');
    expect(await result.textContent()).toContain(orderNo);
    // The account, price and method are the receipt's, not the lookup's (issue 28).
    expect(await result.textContent()).not.toContain(String(player.uid));
    expect(await page.getByTestId('lookup-status').textContent()).toBe(en['recharge.status.awaiting_payment']);
    expect(await page.getByTestId('lookup-input').inputValue()).toBe(orderNo.toLowerCase());
    // The answer names no checkout link: the lookup shows an order, it does not pay it.
    expect(await found.text()).not.toContain('/sandbox/checkout/');
    await english.context.close();

    const arabic = await withoutScripts('ar-SA');
    await arabic.page.goto('/recharge');
    await arabic.page.getByTestId('lookup-input').fill('TU-20250101-NOSUCHORDER');
    expectAnswer(arabic.page, await send(arabic.page, arabic.page.getByTestId('lookup-submit')), '/recharge', 'ar', 404);
    expect(await arabic.page.getByTestId('lookup-problem').textContent()).toBe(ar['error.10046']);
    expect(await arabic.page.getByTestId('lookup-input').inputValue()).toBe('TU-20250101-NOSUCHORDER');
    await arabic.context.close();
  });

  it('posts a form whose page’s scripts failed to load, and the app takes the answered page over once they arrive', async () => {
    const before = await walletGold();
    const context = await b.context(viewports.desktop);
    await context.addCookies([{ name: 'iosNoticeSeen', value: '1', url: b.baseUrl }]);
    let scriptsLoad = false;
    await context.route(/\/assets\/.+\.js$/, (route) => (scriptsLoad ? route.continue() : route.abort()));
    // (Not openPage's navigation: it waits for the app, which does not come on this first page.)
    const page = await context.newPage();
    await page.goto('/exchange');
    await page.getByTestId('account-input').fill(String(player.uid));
    // The app's scripts failed: nothing is held for an app that will not come.
    await page.waitForFunction(() => (window as { __vspEarlyInput?: { done: boolean } }).__vspEarlyInput?.done === true);
    scriptsLoad = true;
    expectAnswer(page, await send(page, page.getByTestId('account-confirm')), '/exchange', 'en', 200);

    // The answered page: this time its scripts load and the app hydrates what the server rendered.
    const problems: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));
    page.on('pageerror', (error) => problems.push(error.message));
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    expect(await page.getByTestId('account-nickname').textContent()).toBe(nicknameText(en, player.nickname));
    // From here the app handles the form itself: no post, the redemption through the API, for the
    // account the server checked.
    let posted = 0;
    page.on('request', (request) => void (request.method() === 'POST' && request.resourceType() === 'document' && posted++));
    await page.getByTestId('gift-code-input').fill(APP_CODE);
    await page.getByTestId('exchange-confirm').click();
    await page.getByTestId('exchange-success').waitFor();
    expect(posted).toBe(0);
    expect(await walletGold()).toBe(before + 3);
    expect(unexpectedErrors(problems)).toEqual([]);
    await context.close();
  });

  it('takes over a top-up page whose account check the server answered: the next step opens the shop', async () => {
    const context = await b.context(viewports.phone);
    await context.addCookies([{ name: 'iosNoticeSeen', value: '1', url: b.baseUrl }]);
    let scriptsLoad = false;
    await context.route(/\/assets\/.+\.js$/, (route) => (scriptsLoad ? route.continue() : route.abort()));
    const page = await context.newPage();
    await page.goto('/recharge?lang=ar');
    await page.waitForFunction(() => (window as { __vspEarlyInput?: { done: boolean } }).__vspEarlyInput?.done === true);
    await page.getByTestId('account-input').fill(String(player.uid));
    scriptsLoad = true;
    expectAnswer(page, await send(page, page.getByTestId('account-confirm')), '/recharge', 'ar', 200);
    const problems: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));
    page.on('pageerror', (error) => problems.push(error.message));
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.getByTestId('account-nickname').textContent()).toBe(nicknameText(ar, player.nickname));
    // With scripts the note on paying is not shown, and the next step works.
    expect(await page.getByTestId('next-step-needs-scripts').count()).toBe(0);
    await page.getByTestId('next-step').click();
    await page.getByTestId('product').first().waitFor();
    expect(unexpectedErrors(problems)).toEqual([]);
    await context.close();
  });

  it('keeps the app in charge where scripts run: the forms never post, the page never reloads', async () => {
    const context = await b.context(viewports.desktop);
    const { page, problems } = await openPage(context);
    await page.goto('/recharge');
    let navigations = 0;
    page.on('request', (request) => void (request.isNavigationRequest() && navigations++));
    await page.getByTestId('lookup-input').fill('TU-123');
    await page.getByTestId('lookup-submit').click();
    await page.getByTestId('lookup-problem').waitFor();
    await page.getByTestId('account-input').fill(String(player.uid));
    await page.getByTestId('account-confirm').click();
    await page.getByTestId('account-nickname').waitFor();
    await page.getByTestId('account-change').click();
    await page.getByTestId('account-input').waitFor();
    expect(navigations).toBe(0);
    expect(new URL(page.url()).search).toBe('');
    expect(unexpectedErrors(problems.consoleErrors)).toEqual([]);
    await context.close();
  });
});
