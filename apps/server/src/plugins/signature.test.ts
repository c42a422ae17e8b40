import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import { createTestApp, type TestApp } from '../test/test-app';

describe('signed API (call 3 as the example)', () => {
  let t: TestApp;
  let uid: number;

  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.app.accounts.createUser({ userName: 'alice', email: 'alice@example.com', password: 'a-long-password', nickname: 'Alice' });
    uid = user.uid;
  });
  afterAll(() => t.close());

  const call = (query: Record<string, string>, uidHeader: string | undefined = String(uid)) =>
    t.app.inject({ method: 'GET', url: '/v1/webPage/getUserInfoByUid', query, headers: uidHeader ? { uid: uidHeader } : {} });

  it('answers a correctly signed request with public fields only', async () => {
    const response = await call(t.sign());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 1, data: { uid, nickname: 'Alice' } });
  });

  it('refuses a bad sign with 2000', async () => {
    const query = { ...t.sign(), sign: '0'.repeat(32) };
    const response = await call(query);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 0, errInfo: { code: Errors.InvalidSignature } });
  });

  it('refuses a request whose params were changed after signing', async () => {
    const query = { ...t.sign({ lang: 'en' }), lang: 'ar' };
    expect((await call(query)).json().errInfo.code).toBe(Errors.InvalidSignature);
  });

  it('refuses an unknown appId and the wrong random length', async () => {
    expect((await call(t.sign({}, { appId: 1234 }))).json().errInfo.code).toBe(Errors.InvalidSignature);
    expect((await call(t.sign({}, { random: '12345' }))).json().errInfo.code).toBe(Errors.InvalidSignature);
  });

  it('refuses an old timestamp with 40001', async () => {
    const response = await call(t.sign({}, { timestamp: Date.now() - 10 * 60_000 }));
    expect(response.statusCode).toBe(401);
    expect(response.json().errInfo.code).toBe(Errors.RequestExpired);
  });

  it('refuses a replayed sign with 40002', async () => {
    const query = t.sign();
    expect((await call(query)).statusCode).toBe(200);
    const replay = await call(query);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().errInfo.code).toBe(Errors.DuplicateRequest);
  });

  it('answers a missing sign with 2000 and a bad header with a validation error naming the field', async () => {
    expect((await call({})).json().errInfo.code).toBe(Errors.InvalidSignature);
    const response = await call(t.sign(), 'not-a-number');
    expect(response.statusCode).toBe(400);
    expect(response.json().errInfo).toMatchObject({ code: Errors.ValidationFailed, fields: [{ field: 'headers/uid' }] });
  });

  it('answers an unknown account with 10008', async () => {
    const response = await call(t.sign(), '99999999');
    expect(response.statusCode).toBe(404);
    expect(response.json().errInfo).toMatchObject({ code: Errors.UserNotRegistered, message: 'User not registered' });
  });
});
