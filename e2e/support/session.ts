import type { BrowserContext } from 'playwright-core';
import { createApiClient, type ApiSession } from '@vsp/api-client/api-client';
import { AppError } from '@vsp/contract/app-error';
import { verifySecondFactorPath } from '@vsp/contract/endpoints/operators';
import { STEP_UP_WINDOW_MS } from '@vsp/contract/operator-roles';
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

/** Call 1 with a user name and password: the session as the website stores it. */
function passwordLogin(baseUrl: string, userName: string, password: string) {
  return apiClient(baseUrl).post(loginPath, { body: { userName, passWord: password } });
}
type LoginSession = Awaited<ReturnType<typeof passwordLogin>>;

/**
 * An operator's sessions this process signed in, by server and account, with when their second
 * factor was verified. The server takes each authenticator code once (decision 0155), so an operator
 * can sign in about three times per 30 s step: a test that signs in again shortly after reuses the
 * session while it still answers, instead of waiting for the next step.
 */
const operatorSessions = new Map<string, { session: LoginSession; verifiedAt: number }>();
/**
 * How young a reused operator session must be: far inside the step-up window, so a step-up
 * operation made with it later in the same test is still answered (STEP_UP_WINDOW_MS, 5 minutes).
 */
const REUSE_WITHIN_MS = STEP_UP_WINDOW_MS / 5;

/** Reuses no operator session of `baseUrl` any more (its clock moved: advanceServerClock). */
export function forgetOperatorSessionsOf(baseUrl: string): void {
  for (const key of operatorSessions.keys()) if (key.startsWith(`${baseUrl} `)) operatorSessions.delete(key);
}

/**
 * A session of this operator that this process signed in on `baseUrl` within REUSE_WITHIN_MS and
 * that the server still answers as an operator's, if there is one.
 */
export async function recentOperatorSession(baseUrl: string, userName: string, password: string): Promise<LoginSession | undefined> {
  const recent = operatorSessions.get(`${baseUrl} ${userName} ${password}`);
  if (!recent || Date.now() - recent.verifiedAt >= REUSE_WITHIN_MS) return undefined;
  const alive = await apiClient(baseUrl, recent.session).get(getUserInfoByTokenPath).then(
    (info) => info.role === 'operator',
    () => false,
  );
  return alive ? recent.session : undefined;
}

/**
 * Logs in through the real API (call 1) and answers the session the website stores. An operator's
 * session then verifies its second factor with the code of their authenticator app (decision 0155),
 * so the console's operations answer it as they would the console's own sign-in; a recent operator
 * session of this process that still answers is reused (operatorSessions), also by the console
 * helper (consoleAsOperator).
 */
export async function apiLogin(baseUrl: string, userName: string, password = DEMO_PASSWORD) {
  const secret = totpSecretOf(userName);
  const recent = secret ? await recentOperatorSession(baseUrl, userName, password) : undefined;
  if (recent) return recent;
  const session = await passwordLogin(baseUrl, userName, password);
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
    operatorSessions.set(`${baseUrl} ${userName} ${password}`, { session, verifiedAt: Date.now() });
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
