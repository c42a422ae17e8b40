import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import { signParams, type Params } from '@vsp/contract/signing';
import { databaseTargets } from '../test/databases';
import { createTestApp, type TestApp } from '../test/test-app';
import { signedBody, type UserHeaders } from '../test/upload-client';

/**
 * Client mistakes answer 400 with the field at fault, never 500, and no request stops the server
 * (decision 0090): NUL characters, numeric text that coerces to Infinity, integers beyond an int4
 * column, bodies nested thousands deep, a null maintenance window, a huge code count.
 */
describe.each(databaseTargets())('input rules ($name)', (db) => {
  let t: TestApp;
  let operator: UserHeaders;
  let player: { uid: number };

  beforeAll(async () => {
    t = await createTestApp({ database: await db.open(), env: { GIFT_LIMIT_PER_ACCOUNT: '1000', GIFT_LIMIT_PER_ADDRESS: '100000' } });
    const olga = await t.app.accounts.createUser({ userName: 'olga', email: 'olga@example.com', password: 'long-password-9', role: 'operator' });
    operator = { token: (await t.app.sessions.create(olga.uid, '', { secondFactor: 'totp' })).token, uid: String(olga.uid) };
    player = await t.app.accounts.createUser({ userName: 'pete', email: 'pete@example.com', password: 'long-password-9' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, body: Params, headers: Record<string, string> = operator) => t.app.inject({ method: 'POST', url, payload: signedBody(t, body), headers });
  const get = (url: string, query: Params = {}, headers: Record<string, string> = operator) =>
    t.app.inject({ method: 'GET', url, query: t.sign(query), headers });
  const failure = (response: { statusCode: number; json(): unknown }) => ({
    status: response.statusCode,
    ...(response.json() as { errInfo?: { code: number; fields?: unknown } }).errInfo,
  });
  const healthy = async () => (await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode;

  it('refuses a NUL character in a body string, a body key or a query value with 40000 naming the field', async () => {
    expect(failure(await post('/v1/gift/redeem', { uid: player.uid, code: 'GIFT\u0000CODE' }, {}))).toEqual({
      status: 400,
      code: Errors.ValidationFailed,
      message: expect.any(String),
      fields: [{ field: 'body/code', rule: 'noNul' }],
    });
    expect(failure(await get('/v1/console/users/search', { q: 'ol\u0000ga' }))).toMatchObject({
      status: 400,
      code: Errors.ValidationFailed,
      fields: [{ field: 'querystring/q', rule: 'noNul' }],
    });
    expect(failure(await post('/v1/gift/redeem', { uid: player.uid, code: 'GIFT', ['x\u0000']: 1 }, {}))).toMatchObject({ status: 400, code: Errors.ValidationFailed, fields: [{ rule: 'noNul' }] });
  });

  it.each(['1e999', 'Infinity', '-Infinity', '9007199254740993'])('refuses the numeric text %s for an integer with 40000', async (text) => {
    expect(failure(await post('/v1/gift/redeem', { uid: text, code: 'SOME-CODE' }, {}))).toMatchObject({ status: 400, code: Errors.ValidationFailed, fields: [{ field: 'body/uid' }] });
    expect(failure(await get('/v1/console/users/wallet', { uid: player.uid, page: text }))).toMatchObject({ status: 400, code: Errors.ValidationFailed });
  });

  it('refuses integers beyond an int4 column with 40000', async () => {
    const codes = await t.app.inject({ method: 'GET', url: '/v1/gift/campaigns/3000000000/codes', query: t.sign({}), headers: operator });
    expect(failure(codes)).toMatchObject({ status: 400, code: Errors.ValidationFailed, fields: [{ field: 'params/id', rule: 'maximum' }] });
    const order = await post('/v1/recharge/order', { uid: player.uid, kind: 'product', itemId: 2 ** 31, paymentMethodId: 1, idempotencyKey: 'k'.repeat(20) }, {});
    expect(failure(order)).toMatchObject({ status: 400, code: Errors.ValidationFailed, fields: [{ field: 'body/itemId', rule: 'maximum' }] });
  });

  it('refuses a body nested thousands deep with 40000 before the signature check, and stays up', async () => {
    // Signed-looking fields, so that the old signature check went on to serialise the body.
    const deep = `{"appId":1004,"timestamp":${Date.now()},"random":"123456","sign":"${'0'.repeat(32)}","uid":1,"code":"x","deep":${'['.repeat(6000)}${']'.repeat(6000)}}`;
    const response = await t.app.inject({ method: 'POST', url: '/v1/gift/redeem', headers: { 'content-type': 'application/json' }, payload: deep });
    expect(failure(response)).toMatchObject({ status: 400, code: Errors.ValidationFailed, fields: [{ rule: 'depth' }] });
    const objects = `{"a":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`;
    const signedLess = await t.app.inject({ method: 'POST', url: '/v1/console/settings/switches', headers: { 'content-type': 'application/json' }, payload: objects });
    expect(failure(signedLess)).toMatchObject({ status: 400, code: Errors.ValidationFailed, fields: [{ rule: 'depth' }] });
    expect(await healthy()).toBe(200);
  });

  it('answers a campaign asking for Infinity codes with 40000, and the server keeps answering', async () => {
    const campaign = { name: 'Endless', contents: [{ asset: 'diamonds', quantity: 1 }], startsAt: '2020-01-01T00:00:00.000Z', endsAt: '2099-01-01T00:00:00.000Z', totalCap: 5 };
    for (const uniqueCount of ['Infinity', '1e999', 100_001]) {
      expect(failure(await post('/v1/console/gift/campaigns', { ...campaign, uniqueCount }))).toMatchObject({ status: 400, code: Errors.ValidationFailed, fields: [{ field: 'body/uniqueCount' }] });
    }
    expect(await healthy()).toBe(200);
    await expect(t.app.gifts.generateCodes(1, Infinity)).rejects.toMatchObject({ code: Errors.ValidationFailed });
  });

  describe.each(['/v1/console/settings/switches'])('the maintenance window on %s', (path) => {
    const status = async () => (await get('/v1/recharge/status', {}, {})).json().data as { window: { from: string; to: string } | null };
    const window = { from: '2026-06-01 02:00 UTC', to: '2026-06-01 04:00 UTC' };

    it('is cleared by window: null', async () => {
      expect((await post(path, { window })).statusCode).toBe(200);
      expect((await status()).window).toEqual(window);
      const cleared = await post(path, { window: null });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json().data.window).toBeNull();
      expect((await status()).window).toBeNull();
    });

    it('is cleared by what a signed client can send (signing drops nulls): clearWindow', async () => {
      expect((await post(path, { window })).statusCode).toBe(200);
      // The console signs with the contract's signParams, which strips null; clearWindow survives.
      const body = signParams({ paused: false, window: null, clearWindow: true }, { secret: t.config.signSecrets.get(1004)! });
      expect(body).not.toHaveProperty('window');
      const cleared = await t.app.inject({ method: 'POST', url: path, payload: body, headers: operator });
      expect(cleared.statusCode).toBe(200);
      expect((await status()).window).toBeNull();
      expect(failure(await post(path, { window, clearWindow: true }))).toMatchObject({ status: 400, code: Errors.ValidationFailed });
    });
  });
});
