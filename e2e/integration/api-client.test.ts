import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NetworkError, createApiClient, type ApiClientOptions, type ApiSession } from '@vsp/api-client/api-client';
import { AppError } from '@vsp/contract/app-error';
import { operations } from '@vsp/contract/endpoints/api';
import { campaignCodesPath } from '@vsp/contract/endpoints/gift-codes';
import { getUserInfoByTokenPath, loginPath, registerPath } from '@vsp/contract/endpoints/user';
import { Errors } from '@vsp/contract/error-codes';
import { createTestApp, type TestApp } from '../../apps/server/src/test/test-app';

/** The one API client against the real server over real HTTP. */
describe('API client', () => {
  let t: TestApp;
  let baseUrl: string;
  let dana: ApiSession;
  let silent: Server;
  let silentUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { uid } = await t.app.accounts.createUser({ userName: 'dana', email: 'dana@example.com', password: 'long-password-1', nickname: 'Dana' });
    dana = { token: (await t.app.sessions.create(uid)).token, uid };
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    silent.closeAllConnections();
    silent.close();
    await t.close();
  });

  const client = (options: Partial<ApiClientOptions> = {}) => createApiClient({ baseUrl, signing: { secretFor: (appId) => t.config.signSecrets.get(appId) }, ...options });

  it('signs a body so that the server accepts it, and resolves with the envelope’s data', async () => {
    expect(await client().post(loginPath, { body: { userName: 'dana', passWord: 'long-password-1' } })).toMatchObject({ uid: dana.uid, nickname: 'Dana', token: expect.any(String) });
  });

  it('signs a query, fills path parameters, and sends the session’s headers', async () => {
    expect(await client({ session: () => dana }).get(getUserInfoByTokenPath)).toMatchObject({ uid: dana.uid, role: 'player' });
    await expect(client({ session: () => dana }).get(campaignCodesPath, { params: { id: 1 } })).rejects.toMatchObject({ code: Errors.Forbidden });
  });

  it('rejects a failure envelope with the AppError of its code, message, params and fields', async () => {
    await expect(client().post(loginPath, { body: { userName: 'nobody', passWord: 'whatever-pass' } })).rejects.toEqual(new AppError(Errors.UserNotRegistered, { message: 'User not registered' }));
    await expect(client().post(registerPath, { body: { userName: 'dana', email: 'not-an-address' } })).rejects.toMatchObject({
      code: Errors.ValidationFailed,
      fields: expect.arrayContaining([{ field: 'email', rule: 'pattern' }, { field: 'passWord', rule: 'required' }]),
    });
  });

  it('is refused by the server when the secret is wrong', async () => {
    const wrong = client({ signing: { secretFor: () => 'not-the-secret-at-all' } });
    await expect(wrong.post(loginPath, { body: { userName: 'dana', passWord: 'x' } })).rejects.toMatchObject({ code: Errors.InvalidSignature });
  });

  it('tells the app when a call with a session is refused, and only then', async () => {
    const refused: number[] = [];
    const onSessionRefused = (error: AppError) => refused.push(error.code);
    await client({ onSessionRefused }).get(getUserInfoByTokenPath).catch(() => undefined);
    expect(refused).toEqual([]);
    await client({ onSessionRefused, session: () => ({ token: 'revoked-or-made-up', uid: dana.uid }) }).get(getUserInfoByTokenPath).catch(() => undefined);
    expect(refused).toHaveLength(1);
  });

  it('reports an unreachable server, and one that stays silent past the time limit, as network errors', async () => {
    await expect(client({ baseUrl: 'http://127.0.0.1:9' }).get(getUserInfoByTokenPath)).rejects.toEqual(new NetworkError('offline'));
    const started = Date.now();
    await expect(client({ baseUrl: silentUrl, timeoutMs: 300 }).get(getUserInfoByTokenPath)).rejects.toEqual(new NetworkError('timeout'));
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('names only operations the server has', () => {
    const missing = Object.entries(operations).filter(([, op]) => !t.app.hasRoute({ method: op.method, url: op.path }));
    expect(missing.map(([name]) => name)).toEqual([]);
  });
});
