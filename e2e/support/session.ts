import type { BrowserContext } from 'playwright-core';
import { computeSign } from '@vsp/contract/signing';

export const DEMO_PASSWORD = 'demo12345';

/** Secrets the test server runs with: the development defaults. */
const SECRET_1004 = process.env.SIGN_SECRET_1004 ?? 'dev-only-sign-secret-1004';

export function signed(params: Record<string, string | number>, secret = SECRET_1004): Record<string, string | number> {
  const base = { ...params, appId: 1004, timestamp: Date.now(), random: String(Math.floor(100000 + Math.random() * 900000)) };
  return { ...base, sign: computeSign(base, secret) };
}

/** Logs in through the real API (call 1) and answers the session the website stores. */
export async function apiLogin(baseUrl: string, userName: string, password = DEMO_PASSWORD) {
  const response = await fetch(`${baseUrl}/v1/user/official/loginByEmailOrUserName`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', pf: '3' },
    body: JSON.stringify(signed({ userName, passWord: password })),
  });
  const body = (await response.json()) as { status: number; data: { token: string; uid: number; nickname: string; userName: string } };
  if (body.status !== 1) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data;
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
