import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import { PAGE_FORMS, PAGE_FORM_ANSWER_ID, pageFormAction, type PageFormAnswer, type PageFormName } from '@vsp/contract/page-forms';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedCatalogue } from '../../seed/seed-demo';
import { rechargeKit } from '../../test/recharge-kit';

const HOUR = 3_600_000;

/**
 * The public pages' forms without scripts (decision 0144), through the real routes: a plain post
 * answers the page with the outcome embedded, the values kept, an honest status, never cached; the
 * same rules, service calls and limit counters as the API. (The page's markup is the prerender's,
 * rendered by the browser tests in e2e/tests/no-script-forms.e2e.ts; here the site has no prerender,
 * so the page is the shell with the answer beside it.)
 */
describe('page forms answered without scripts', () => {
  let t: TestApp;
  let kit: ReturnType<typeof rechargeKit>;
  let webDist: string;
  let player: number;
  let address = 0;
  /** A fresh client address per test: the limits of one test never reach another. */
  const nextAddress = () => `192.0.2.${++address}`;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'vsp-web-dist-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><!--app-config--></head><body><div id="root"></div></body></html>');
    t = await createTestApp({ env: { WEB_DIST: webDist, RECHARGE_LIMIT_PER_ADDRESS: '4', GIFT_LIMIT_PER_ACCOUNT: '3', GIFT_LIMIT_PER_ADDRESS: '50', SANDBOX_CONFIRM_DELAY_MS: '0' } });
    kit = rechargeKit(t);
    await seedCatalogue(t.app.rechargeRepository);
    player = (await t.app.accounts.createUser({ userName: 'noscript', email: 'noscript@example.com', password: 'long-password-1', nickname: 'No Script' })).uid;
    const now = Date.now();
    await t.app.gifts.createCampaign({ name: 'plain post', contents: [{ asset: 'gold_coins', quantity: 7 }], startsAt: new Date(now - HOUR).toISOString(), endsAt: new Date(now + HOUR).toISOString(), totalCap: 100, sharedCode: 'Plain-Post' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  async function post(page: string, fields: Record<string, string>, options: { remoteAddress?: string; headers?: Record<string, string>; lang?: string } = {}) {
    const response = await t.app.inject({
      method: 'POST',
      url: options.lang ? pageFormAction(page, options.lang as never) : page,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...options.headers },
      remoteAddress: options.remoteAddress ?? nextAddress(),
    });
    const json = new RegExp(`<script id="${PAGE_FORM_ANSWER_ID}" type="application/json">(.*?)</script>`).exec(response.body)?.[1];
    return { response, answer: json ? (JSON.parse(json) as PageFormAnswer & Record<string, unknown>) : undefined };
  }

  it('checks an account ID: the nickname, never cached, in the language the page asks for', async () => {
    const { response, answer } = await post('/recharge', { form: 'account-check', uid: ` ${player} ` }, { lang: 'ar' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-language']).toBe('ar');
    expect(answer).toEqual({ form: 'account-check', values: { uid: ` ${player} ` }, account: { uid: player, nickname: 'No Script' } });
    // Without ?lang= the cookie, then Accept-Language, decide, as for a page load.
    expect((await post('/recharge', { form: 'account-check', uid: String(player) }, { headers: { 'accept-language': 'ko-KR' } })).response.headers['content-language']).toBe('ko');
    expect((await post('/recharge', { form: 'account-check', uid: String(player) }, { headers: { cookie: 'lang=tr', 'accept-language': 'ko' } })).response.headers['content-language']).toBe('tr');
  });

  it('answers the rules of the form and the service’s refusals with the values kept and honest statuses', async () => {
    const digits = await post('/recharge', { form: 'account-check', uid: '12ab' });
    expect(digits.response.statusCode).toBe(400);
    expect(digits.answer).toEqual({ form: 'account-check', values: { uid: '12ab' }, problem: { label: 'recharge.userInput.digits' } });
    expect((await post('/recharge', { form: 'account-check', uid: '  ' })).answer?.problem).toEqual({ label: 'recharge.userInput.tips' });
    // What the API's schema refuses, refused with the API's code.
    const zero = await post('/recharge', { form: 'account-check', uid: '0' });
    expect([zero.response.statusCode, zero.answer?.problem]).toEqual([400, { code: Errors.ValidationFailed }]);
    const missing = await post('/exchange', { form: 'account-check', uid: '99999999', code: 'Kept-Code' });
    expect(missing.response.statusCode).toBe(404);
    expect(missing.answer).toEqual({ form: 'account-check', values: { uid: '99999999', code: 'Kept-Code' }, problem: { code: Errors.AccountIdNotFound } });
  });

  it('redeems a gift code once for the account the page checked, and keeps a refused code', async () => {
    const first = await post('/exchange', { form: 'gift-code', uid: String(player), code: ' Plain-Post ' });
    expect(first.response.statusCode).toBe(200);
    expect(first.answer).toEqual({
      form: 'gift-code',
      values: { uid: String(player), code: '' },
      account: { uid: player, nickname: 'No Script' },
      granted: { campaign: 'plain post', contents: [{ asset: 'gold_coins', quantity: 7 }] },
    });
    const again = await post('/exchange', { form: 'gift-code', uid: String(player), code: 'Plain-Post' });
    expect(again.response.statusCode).toBe(409);
    expect(again.answer).toMatchObject({ values: { code: 'Plain-Post' }, account: { nickname: 'No Script' }, problem: { code: Errors.GiftPackAlreadyRedeemed } });
    expect(again.answer?.granted).toBeUndefined();
    const wrongCase = await post('/exchange', { form: 'gift-code', uid: String(player), code: 'plain-post' });
    expect(wrongCase.answer?.problem).toEqual({ code: Errors.GiftCodeInvalid });
    expect((await post('/exchange', { form: 'gift-code', uid: String(player), code: ' ' })).answer?.problem).toEqual({ label: 'exchange.input.code' });
    // A code sent before any account was checked: as the app answers it.
    const unverified = await post('/exchange', { form: 'gift-code', code: 'Plain-Post' });
    expect(unverified.response.statusCode).toBe(400);
    expect(unverified.answer).toEqual({ form: 'gift-code', values: { uid: '', code: 'Plain-Post' }, problem: { label: 'exchange.verifyFirst' } });
  });

  it('looks an order up by its number and shows no checkout link', async () => {
    const catalogue = await kit.catalogue();
    const card = catalogue.paymentMethods.find((m: { name: string }) => m.name === 'Sandbox Card').id;
    const created = kit.body(await kit.createOrder({ uid: player, itemId: catalogue.products[0].id, paymentMethodId: card }, nextAddress())).data;
    expect(created.checkoutUrl).toBeTruthy();
    const found = await post('/recharge', { form: 'order-lookup', orderNo: ` ${created.orderNo.toLowerCase()} ` });
    expect(found.response.statusCode).toBe(200);
    expect(found.answer).toEqual({
      form: 'order-lookup',
      values: { orderNo: ` ${created.orderNo.toLowerCase()} ` },
      // Number, date, contents and state: the account, price and method are the receipt's (issue 28).
      order: { orderNo: created.orderNo, contents: created.contents, status: created.status, createdAt: created.createdAt },
    });
    expect(found.response.body).not.toContain(created.checkoutUrl);
    expect((await post('/recharge', { form: 'order-lookup', orderNo: 'short' })).answer?.problem).toEqual({ label: 'recharge.lookup.format' });
    const unknown = await post('/recharge', { form: 'order-lookup', orderNo: 'TU-20250101-NOSUCHORDER' });
    expect([unknown.response.statusCode, unknown.answer?.problem]).toEqual([404, { code: Errors.OrderNotFound }]);
  });

  it('spends the API’s own allowances: account checks per address, gift attempts per account', async () => {
    const from = nextAddress();
    const apiCheck = () => t.app.inject({ method: 'GET', url: '/v1/recharge/account', query: t.sign({ uid: player }), remoteAddress: from });
    expect((await apiCheck()).statusCode).toBe(200);
    expect((await apiCheck()).statusCode).toBe(200);
    expect((await post('/recharge', { form: 'account-check', uid: String(player) }, { remoteAddress: from })).response.statusCode).toBe(200);
    expect((await post('/recharge', { form: 'account-check', uid: String(player) }, { remoteAddress: from })).response.statusCode).toBe(200);
    const over = await post('/recharge', { form: 'account-check', uid: String(player) }, { remoteAddress: from });
    expect(over.response.statusCode).toBe(429);
    expect(Number(over.response.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.answer).toMatchObject({ values: { uid: String(player) }, problem: { code: Errors.TooManyAttempts, params: { seconds: expect.any(Number) } } });
    expect(over.answer?.account).toBeUndefined();
    expect((await apiCheck()).statusCode).toBe(429);

    // Three attempts per redeemer and account ID, however the ID is written.
    const guesser = nextAddress();
    const other = (await t.app.accounts.createUser({ userName: 'guessed', email: 'guessed@example.com', password: 'long-password-1' })).uid;
    const guess = (uid: string) => post('/exchange', { form: 'gift-code', uid, code: 'Wrong-Code' }, { remoteAddress: guesser });
    expect((await guess(String(other))).response.statusCode).toBe(400);
    expect((await guess(` 0${other}`)).response.statusCode).toBe(400);
    const api = await t.app.inject({ method: 'POST', url: '/v1/gift/redeem', payload: t.sign({ uid: other, code: 'Wrong-Code' }), remoteAddress: guesser });
    expect(api.json().errInfo.code).toBe(Errors.GiftCodeInvalid);
    expect((await guess(String(other))).answer?.problem).toMatchObject({ code: Errors.TooManyAttempts });
  });

  it('answers every form of every page that has forms (from PAGE_FORMS), and nothing else', async () => {
    for (const [page, forms] of Object.entries(PAGE_FORMS)) {
      for (const form of forms) {
        const { answer } = await post(page, { form, uid: 'x', code: 'x', orderNo: 'x' });
        expect(answer?.form, `${form} on ${page}`).toBe(form);
      }
      const others = (['account-check', 'gift-code', 'order-lookup'] satisfies PageFormName[]).filter((form) => !forms.includes(form));
      for (const form of [...others, 'nonsense', '']) {
        const { response, answer } = await post(page, { form, uid: String(player) });
        expect([response.statusCode, answer], `${form} on ${page}`).toEqual([400, undefined]);
      }
    }
    // Other pages and methods are not forms.
    expect((await t.app.inject({ method: 'POST', url: '/about', payload: 'form=account-check', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(404);
    // A body longer than three short fields is refused before anything reads it.
    const long = await t.app.inject({ method: 'POST', url: '/exchange', payload: `form=gift-code&code=${'x'.repeat(5000)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: nextAddress() });
    expect(long.statusCode).toBe(413);
  });
});
