import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import { storeTargets } from '../test/databases';
import { createTestApp, type TestApp } from '../test/test-app';

/** The per-route limits (decision 0096) on each store: memory in one process, Redis across many. */
describe.each(storeTargets())('per-route limits on the $name store', (storeTarget) => {
  let t: TestApp;
  let player: number;
  let blocked: number;
  beforeAll(async () => {
    t = await createTestApp({ store: storeTarget.open(), env: { RECHARGE_LIMIT_PER_ADDRESS: '3', OUTFIT_SUBMIT_LIMIT_PER_HOUR: '2' } });
    player = (await t.app.accounts.createUser({ userName: 'limited', email: 'limited@example.com', password: 'long-password-1', nickname: 'Limited' })).uid;
    blocked = (await t.app.accounts.createUser({ userName: 'shut', email: 'shut@example.com', password: 'long-password-1', nickname: 'Shut' })).uid;
    await t.app.accounts.setBlocked(blocked, true);
  });
  afterAll(() => t.close());

  const nickname = (uid: number, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/v1/webPage/getUserInfoByUid', query: t.sign(), headers: { uid: String(uid), ...headers }, remoteAddress });
  const expectLimited = (response: Awaited<ReturnType<typeof nickname>>) => {
    expect(response.statusCode).toBe(429);
    expect(response.json().errInfo.code).toBe(Errors.TooManyAttempts);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('answers a blocked account by ID like one that does not exist', async () => {
    const shut = await nickname(blocked, '192.0.2.80');
    const missing = await nickname(99_999_999, '192.0.2.80');
    expect(shut.statusCode).toBe(missing.statusCode);
    expect(shut.json()).toEqual(missing.json());
    expect(shut.json().errInfo.code).toBe(Errors.UserNotRegistered);
  });

  it('limits nickname lookups by account ID per address, and per session when signed in', async () => {
    for (let i = 0; i < 3; i++) expect((await nickname(player, '192.0.2.81')).json().data).toEqual({ uid: player, nickname: 'Limited' });
    expectLimited(await nickname(player, '192.0.2.81'));
    expect((await nickname(player, '192.0.2.82')).statusCode).toBe(200);

    const { token } = await t.app.sessions.create(player, 'test');
    for (let i = 0; i < 3; i++) expect((await nickname(player, `198.51.100.${i + 1}`, { token })).statusCode).toBe(200);
    expectLimited(await nickname(player, '198.51.100.9', { token }));
  });

  it('limits the top-up account check and order creation per address', async () => {
    const check = () => t.app.inject({ method: 'GET', url: '/v1/recharge/account', query: t.sign({ uid: player }), remoteAddress: '192.0.2.90' });
    for (let i = 0; i < 3; i++) expect((await check()).statusCode).toBe(200);
    expectLimited(await check());
    const order = () =>
      t.app.inject({ method: 'POST', url: '/v1/recharge/order', payload: t.sign({ uid: player, kind: 'product', itemId: 1, paymentMethodId: 1, idempotencyKey: `key-${Math.random().toString(36).slice(2)}-0000000000` }), remoteAddress: '192.0.2.91' });
    for (let i = 0; i < 3; i++) expect((await order()).statusCode).not.toBe(429);
    expectLimited(await order());
  });

  it("limits outfit submissions per account, and one account's submissions leave another's alone", async () => {
    const submitAs = async (uid: number) => {
      const { token } = await t.app.sessions.create(uid, 'test');
      return (address: string) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/creator/outfit/submit',
          headers: { token, uid: String(uid) },
          payload: t.sign({ gender: 'womenswear', componentType: 'XSY', objectKey: `outfit/${uid}/missing.zip`, agreement: true }),
          remoteAddress: address,
        });
    };
    const mine = await submitAs(player);
    for (let i = 0; i < 2; i++) expect((await mine(`203.0.113.${i + 1}`)).json().errInfo.code).toBe(Errors.NotFound);
    expectLimited(await mine('203.0.113.9'));
    const creator = (await t.app.accounts.createUser({ userName: 'otherone', email: 'otherone@example.com', password: 'long-password-1' })).uid;
    expect((await (await submitAs(creator))('203.0.113.9')).json().errInfo.code).toBe(Errors.NotFound);
  });
});
