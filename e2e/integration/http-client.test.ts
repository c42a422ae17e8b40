import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import { createTestApp, type TestApp } from '../../apps/server/src/test/test-app';
import { ApiError, NetworkError, createHttpClient } from '../../apps/web/src/shared/http/http-client';

/** The website's HTTP client against the real API over real HTTP. */
describe('website HTTP client', () => {
  let t: TestApp;
  let baseUrl: string;
  let uid: number;
  let silent: Server;
  let silentUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    uid = (await t.services.accounts.createUser({ userName: 'dana', email: 'dana@example.com', password: 'long-password-1', nickname: 'Dana' })).uid;
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

  const client = (url: string) =>
    createHttpClient({ baseUrl: url, secretFor: (appId) => t.config.signSecrets.get(appId) });

  it('signs /v1 calls so that the server accepts them, and resolves with data', async () => {
    const data = await client(baseUrl).request<{ uid: number; nickname: string }>('/v1/webPage/getUserInfoByUid', {
      headers: { uid: String(uid) },
      query: { unused: '' },
    });
    expect(data).toEqual({ uid, nickname: 'Dana' });
  });

  it('rejects a status other than 1 with the response body', async () => {
    const error = await client(baseUrl)
      .request('/v1/webPage/getUserInfoByUid', { headers: { uid: '99999999' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(Errors.UserNotRegistered);
    expect((error as ApiError).body.errInfo.message).toBe('User not registered');
  });

  it('is refused by the server when the secret is wrong', async () => {
    const wrong = createHttpClient({ baseUrl, secretFor: () => 'not-the-secret-at-all' });
    const error = await wrong.request('/v1/webPage/getUserInfoByUid', { headers: { uid: String(uid) } }).catch((e: unknown) => e);
    expect((error as ApiError).code).toBe(Errors.InvalidSignature);
  });

  it('reports an unreachable server as a network error', async () => {
    const error = await client('http://127.0.0.1:9').request('/healthz').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('offline');
  });

  it('gives up after the time limit with a timeout network error', async () => {
    const error = await client(silentUrl).request('/healthz', { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('timeout');
  });
});
