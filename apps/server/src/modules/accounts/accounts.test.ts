import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import { createTestApp, type TestApp } from '../../test/test-app';

const loginUrl = '/v1/user/official/loginByEmailOrUserName';

describe('login (call 1) and user info by token (call 2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.accounts.createUser({ userName: 'Frank', email: 'frank@example.com', password: 'frank-password', nickname: 'Frankie' });
    const blocked = await t.app.accounts.createUser({ userName: 'grace', email: 'grace@example.com', password: 'grace-password-1' });
    await t.app.accounts.setBlocked(blocked.uid, true);
  });
  afterAll(() => t.close());

  const login = (userName: string, passWord: string) =>
    t.app.inject({ method: 'POST', url: loginUrl, headers: { pf: '3' }, payload: t.sign({ userName, passWord }) });

  it('logs in by user name or e-mail, case-insensitively, and the token then identifies the user', async () => {
    for (const name of ['Frank', 'frank@example.com', 'FRANK@EXAMPLE.COM']) {
      const response = await login(name, 'frank-password');
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data).toMatchObject({ nickname: 'Frankie', userName: 'Frank' });
      const info = await t.app.inject({ method: 'GET', url: '/v1/user/getUserInfoByToken', query: t.sign(), headers: { token: data.token, uid: String(data.uid) } });
      expect(info.json()).toEqual({ status: 1, data: { uid: data.uid, nickname: 'Frankie', userName: 'Frank', email: 'frank@example.com', role: 'player' } });
    }
  });

  it('answers an unknown account with 10008, a wrong password with 10007 and a blocked account with 10064', async () => {
    expect((await login('nobody', 'whatever-pass')).json().errInfo).toMatchObject({ code: Errors.UserNotRegistered, message: 'User not registered' });
    expect((await login('frank', 'wrong-password')).json().errInfo).toMatchObject({ code: Errors.WrongPassword, message: 'The password entered is incorrect' });
    const blocked = await login('grace', 'grace-password-1');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().errInfo.code).toBe(Errors.AccountBlocked);
  });

  it('refuses user info without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/user/getUserInfoByToken', query: t.sign() });
    expect(response.statusCode).toBe(401);
    expect(response.json().errInfo.code).toBe(Errors.LoginRequired);
  });
});

describe('registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const register = (body: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/v1/user/official/register', headers: { pf: '3' }, payload: t.sign(body) });

  it('creates a player and answers a working session, like a login', async () => {
    const response = await register({ userName: 'hana_01', email: 'Hana@Example.com', passWord: 'cherry-blossom-7', nickname: 'Hana' });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ userName: 'hana_01', nickname: 'Hana' });
    expect(data.uid).toBeGreaterThanOrEqual(10_000_001);
    const info = await t.app.inject({ method: 'GET', url: '/v1/user/getUserInfoByToken', query: t.sign(), headers: { token: data.token, uid: String(data.uid) } });
    expect(info.json().data.role).toBe('player');
    const again = await t.app.inject({ method: 'POST', url: loginUrl, payload: t.sign({ userName: 'hana@example.com', passWord: 'cherry-blossom-7' }) });
    expect(again.json().data.uid).toBe(data.uid);
  });

  it('answers every broken rule as a field issue', async () => {
    const response = await register({ userName: 'bad name!', email: 'not-an-email', passWord: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errInfo).toMatchObject({
      code: Errors.ValidationFailed,
      fields: [
        { field: 'userName', rule: 'pattern' },
        { field: 'email', rule: 'pattern' },
        { field: 'passWord', rule: 'tooShort' },
      ],
    });
    const missing = await register({});
    expect(missing.json().errInfo.fields).toEqual([
      { field: 'userName', rule: 'required' },
      { field: 'email', rule: 'required' },
      { field: 'passWord', rule: 'required' },
    ]);
    const weak = await register({ userName: 'ivan', email: 'ivan@example.com', passWord: 'onlyletters' });
    expect(weak.json().errInfo.fields).toEqual([{ field: 'passWord', rule: 'weak' }]);
    const common = await register({ userName: 'ivan', email: 'ivan@example.com', passWord: 'password123' });
    expect(common.json().errInfo.fields).toEqual([{ field: 'passWord', rule: 'weak' }]);
  });

  it('refuses a user name or e-mail that is taken, whatever the case', async () => {
    await register({ userName: 'jade', email: 'jade@example.com', passWord: 'green-stone-9' });
    const response = await register({ userName: 'JADE', email: 'JADE@example.com', passWord: 'green-stone-9' });
    expect(response.json().errInfo.fields).toEqual([
      { field: 'userName', rule: 'taken' },
      { field: 'email', rule: 'taken' },
    ]);
  });
});

describe('logout and the list of sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.accounts.createUser({ userName: 'kim', email: 'kim@example.com', password: 'kim-password-1' });
    await t.app.accounts.createUser({ userName: 'lee', email: 'lee@example.com', password: 'lee-password-1' });
  });
  afterAll(() => t.close());

  async function session(userName: string, password: string, device: string) {
    const response = await t.app.inject({ method: 'POST', url: loginUrl, headers: { 'user-agent': device }, payload: t.sign({ userName, passWord: password }) });
    const data = response.json().data as { token: string; uid: number };
    return { token: data.token, uid: String(data.uid) };
  }
  const userInfo = (headers: { token: string; uid: string }) =>
    t.app.inject({ method: 'GET', url: '/v1/user/getUserInfoByToken', query: t.sign(), headers });
  const post = (url: string, headers: { token: string; uid: string }, body: Record<string, string | number> = {}) =>
    t.app.inject({ method: 'POST', url, headers, payload: t.sign(body) });

  it('logout revokes the session: the token then answers 10043, other sessions live on', async () => {
    const phone = await session('kim', 'kim-password-1', 'phone');
    const laptop = await session('kim', 'kim-password-1', 'laptop');
    const response = await post('/v1/user/logout', phone);
    expect(response.json()).toEqual({ status: 1, data: { loggedOut: true } });
    const after = await userInfo(phone);
    expect(after.statusCode).toBe(401);
    expect(after.json().errInfo.code).toBe(Errors.LoggedOut);
    expect((await userInfo(laptop)).statusCode).toBe(200);
    expect((await post('/v1/user/logout', phone)).json().errInfo.code).toBe(Errors.LoggedOut);
  });

  it("lists the caller's live sessions and revokes the others or one of them", async () => {
    const a = await session('lee', 'lee-password-1', 'device-a');
    const b = await session('lee', 'lee-password-1', 'device-b');
    const c = await session('lee', 'lee-password-1', 'device-c');
    const list = await t.app.inject({ method: 'GET', url: '/v1/user/sessions', query: t.sign(), headers: c });
    const sessions = list.json().data as { id: number; device: string; current: boolean }[];
    expect(sessions.map((s) => s.device)).toEqual(['device-c', 'device-b', 'device-a']);
    expect(sessions.filter((s) => s.current).map((s) => s.device)).toEqual(['device-c']);

    // A session of another account cannot be revoked by id.
    const kim = await session('kim', 'kim-password-1', 'kim-device');
    const foreign = await post('/v1/user/sessions/revoke', kim, { id: sessions[1]!.id });
    expect(foreign.json().errInfo.code).toBe(Errors.NotFound);

    expect((await post('/v1/user/sessions/revoke', c, { id: sessions[2]!.id })).json().data).toEqual({ revoked: 1 });
    expect((await userInfo(a)).json().errInfo.code).toBe(Errors.LoggedOut);
    expect((await post('/v1/user/sessions/revokeOthers', c)).json().data).toEqual({ revoked: 1 });
    expect((await userInfo(b)).json().errInfo.code).toBe(Errors.LoggedOut);
    expect((await userInfo(c)).statusCode).toBe(200);
  });

  it('a password change ends every session of the account', async () => {
    const s = await session('kim', 'kim-password-1', 'x');
    await t.app.accounts.setPassword(Number(s.uid), 'kim-password-2');
    expect((await userInfo(s)).json().errInfo.code).toBe(Errors.LoggedOut);
  });

  it('a blocked account is refused on its next call (10064), and its sessions stay ended after the unblock', async () => {
    const s = await session('lee', 'lee-password-1', 'y');
    await t.app.accounts.setBlocked(Number(s.uid), true);
    expect((await userInfo(s)).json().errInfo.code).toBe(Errors.AccountBlocked);
    await t.app.accounts.setBlocked(Number(s.uid), false);
    expect((await userInfo(s)).json().errInfo.code).toBe(Errors.LoggedOut);
  });
});

describe('registration under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates one account when the same name is registered twice at once; the other answer says taken', async () => {
    const register = (email: string) =>
      t.app.inject({ method: 'POST', url: '/v1/user/official/register', payload: t.sign({ userName: 'twin', email, passWord: 'twin-password-1' }) });
    const answers = await Promise.all([register('twin-a@example.com'), register('twin-b@example.com')]);
    const codes = answers.map((a) => a.json().status === 1 ? 'created' : a.json().errInfo.fields?.[0]?.rule).sort();
    expect(codes).toEqual(['created', 'taken']);
    const emails = answers.map((a) => a.json().errInfo?.fields?.[0]?.field).filter(Boolean);
    expect(emails).toEqual(['userName']);
  });
});
