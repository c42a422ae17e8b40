import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('login (call 1) and user info by token (call 2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.services.accounts.createUser({ userName: 'Frank', email: 'frank@example.com', password: 'frank-password', nickname: 'Frankie' });
  });
  afterAll(() => t.close());

  const login = (userName: string, passWord: string) =>
    t.app.inject({ method: 'POST', url: '/v1/user/official/loginByEmailOrUserName', headers: { pf: '3' }, payload: t.sign({ userName, passWord }) });

  it('logs in by user name or e-mail, case-insensitively, and the token then identifies the user', async () => {
    for (const name of ['Frank', 'frank@example.com', 'FRANK@EXAMPLE.COM']) {
      const response = await login(name, 'frank-password');
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data).toMatchObject({ nickname: 'Frankie', userName: 'Frank' });
      const info = await t.app.inject({ method: 'GET', url: '/v1/user/getUserInfoByToken', query: t.sign(), headers: { token: data.token, uid: String(data.uid) } });
      expect(info.json()).toEqual({ status: 1, data: { uid: data.uid, nickname: 'Frankie', userName: 'Frank', role: 'player' } });
    }
  });

  it('answers an unknown account with 10008 and a wrong password with 10007', async () => {
    expect((await login('nobody', 'whatever-pass')).json().errInfo).toMatchObject({ code: 10008, message: 'User not registered' });
    expect((await login('frank', 'wrong-password')).json().errInfo).toMatchObject({ code: 10007, message: 'The password entered is incorrect' });
  });

  it('refuses user info without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/user/getUserInfoByToken', query: t.sign() });
    expect(response.statusCode).toBe(401);
    expect(response.json().errInfo.code).toBe(40100);
  });
});
