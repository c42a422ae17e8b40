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
    const { uid } = await t.services.accounts.createUser({ userName: 'dana', email: 'dana@example.com', password: 'long-password-1', nickname: 'Dana' });
    dana = { token: (await t.services.sessions.create(uid)).token, uid };
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
  const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

  it('signs a body so that the server accepts it, and resolves with the envelope’s data', async () => {
    const user = await client().post(loginPath, { body: { userName: 'dana', passWord: 'long-password-1' } });
    expect(user).toMatchObject({ uid: dana.uid, nickname: 'Dana', userName: 'dana' });
    expect(user.token).toEqual(expect.any(String));
  });

  it('signs a query, fills path parameters, and sends the session’s headers', async () => {
    expect(await client({ session: () => dana }).get(getUserInfoByTokenPath)).toMatchObject({ uid: dana.uid, role: 'player' });
    const refused = await failure(client({ session: () => dana }).get(campaignCodesPath, { params: { id: 1 } }));
    expect((refused as AppError).code).toBe(Errors.Forbidden);
  });

  it('rejects a failure envelope with the AppError of its code, message, params and fields', async () => {
    const unknown = await failure(client().post(loginPath, { body: { userName: 'nobody', passWord: 'whatever-pass' } }));
    expect(unknown).toBeInstanceOf(AppError);
    expect(unknown).toMatchObject({ code: Errors.UserNotRegistered, message: 'User not registered' });
    const invalid = (await failure(client().post(registerPath, { body: { userName: 'dana', email: 'not-an-address' } }))) as AppError;
    expect(invalid.code).toBe(Errors.ValidationFailed);
    expect(invalid.fields).toEqual(expect.arrayContaining([{ field: 'email', rule: 'pattern' }, { field: 'passWord', rule: 'required' }]));
  });

  it('is refused by the server when the secret is wrong', async () => {
    const error = await failure(client({ signing: { secretFor: () => 'not-the-secret-at-all' } }).post(loginPath, { body: { userName: 'dana', passWord: 'x' } }));
    expect((error as AppError).code).toBe(Errors.InvalidSignature);
  });

  it('tells the app when a call with a session is refused, and only then', async () => {
    const refused: number[] = [];
    const onSessionRefused = (error: AppError) => refused.push(error.code);
    await failure(client({ onSessionRefused }).get(getUserInfoByTokenPath));
    expect(refused).toEqual([]);
    await failure(client({ onSessionRefused, session: () => ({ token: 'revoked-or-made-up', uid: dana.uid }) }).get(getUserInfoByTokenPath));
    expect(refused).toHaveLength(1);
  });

  it('reports an unreachable server as a network error', async () => {
    const error = await failure(createApiClient({ baseUrl: 'http://127.0.0.1:9', signing: { secretFor: () => 'x' } }).get(getUserInfoByTokenPath));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('offline');
  });

  it('aborts after the time limit with a timeout network error', async () => {
    const started = Date.now();
    const error = await failure(client({ baseUrl: silentUrl, timeoutMs: 300 }).get(getUserInfoByTokenPath));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('names only operations the server has', () => {
    const missing = Object.entries(operations).filter(([, op]) => !t.app.hasRoute({ method: op.method, url: op.path }));
    expect(missing.map(([name]) => name)).toEqual([]);
  });
});
