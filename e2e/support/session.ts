import type { BrowserContext } from 'playwright-core';
import { createApiClient, type ApiSession } from '@vsp/api-client/api-client';
import { AppError } from '@vsp/contract/app-error';
import { verifySecondFactorPath } from '@vsp/contract/endpoints/operators';
import { getUserInfoByTokenPath, loginPath, logoutPath, registerPath } from '@vsp/contract/endpoints/user';
import { Errors } from '@vsp/contract/error-codes';
import { totpSecretOf, withTotpCode } from './operator-factor';

export const DEMO_PASSWORD = 'demo12345';

/** Secrets the test server runs with: the development defaults. */
const SECRETS: Record<number, string> = { 1004: process.env.SIGN_SECRET_1004 ?? 'dev-only-sign-secret-1004', 1000: process.env.SIGN_SECRET_1000 ?? 'dev-only-sign-secret-1000' };

/** The API client a test drives the server with, as a guest or in a session; `fetch` may add headers. */
export function apiClient(baseUrl: string, session: ApiSession | null = null, fetch?: typeof globalThis.fetch) {
  return createApiClient({ baseUrl, signing: { secretFor: (appId) => SECRETS[appId] }, session: () => session, fetch });
}

/**
 * Logs in through the real API (call 1) and answers the session the website stores. An operator's
 * session then verifies its second factor with the code of their authenticator app (decision 0155),
 * so the console's operations answer it as they would the console's own sign-in.
 */
export async function apiLogin(baseUrl: string, userName: string, password = DEMO_PASSWORD) {
  const session = await apiClient(baseUrl).post(loginPath, { body: { userName, passWord: password } });
  const secret = totpSecretOf(userName);
  if (secret && (await apiClient(baseUrl, session).get(getUserInfoByTokenPath)).role === 'operator') {
    const client = apiClient(baseUrl, session);
    await withTotpCode(baseUrl, secret, (code) =>
      client.post(verifySecondFactorPath, { body: { code } }).then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError && error.code === Errors.SecondFactorRefused) return undefined;
          throw error;
        },
      ),
    );
  }
  return session;
}

/** A browser context already logged in as the user (token, uid and userInfo in local storage). */
export async function loginContext(context: BrowserContext, baseUrl: string, userName: string, password = DEMO_PASSWORD) {
  const session = await apiLogin(baseUrl, userName, password);
  await context.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('uid', String(s.uid));
    localStorage.setItem('userInfo', JSON.stringify({ uid: s.uid, nickname: s.nickname, userName: s.userName }));
  }, session);
  return session;
}

/** Registers a player through the API (the app's registration) and answers its session. */
export function apiRegister(baseUrl: string, userName: string, email: string, password: string) {
  return apiClient(baseUrl).post(registerPath, { body: { userName, email, passWord: password, nickname: userName } });
}

/** Logs a session out through the API (revokes its token on the server). */
export async function apiLogout(baseUrl: string, session: ApiSession) {
  await apiClient(baseUrl, session).post(logoutPath);
}

/** Call 2 for a session: 1 when it answers the user, else the error code the server answers. */
export function apiUserInfoCode(baseUrl: string, session: ApiSession): Promise<number> {
  return apiClient(baseUrl, session)
    .get(getUserInfoByTokenPath)
    .then(() => 1, (error: unknown) => (error instanceof AppError ? error.code : 0));
}
