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

async function post(baseUrl: string, path: string, body: Record<string, string | number>, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', pf: '3', ...headers },
    body: JSON.stringify(signed(body)),
  });
  return (await response.json()) as { status: number; data?: unknown; errInfo?: { code: number } };
}

/** Registers a player through the API (the app's registration) and answers its session. */
export async function apiRegister(baseUrl: string, userName: string, email: string, password: string) {
  const body = await post(baseUrl, '/v1/user/official/register', { userName, email, passWord: password, nickname: userName });
  if (body.status !== 1) throw new Error(`registration failed: ${JSON.stringify(body)}`);
  return body.data as { token: string; uid: number; nickname: string; userName: string };
}

/** Logs a session out through the API (revokes its token on the server). */
export async function apiLogout(baseUrl: string, session: { token: string; uid: number }) {
  const body = await post(baseUrl, '/v1/user/logout', {}, { token: session.token, uid: String(session.uid) });
  if (body.status !== 1) throw new Error(`logout failed: ${JSON.stringify(body)}`);
}

/** Call 2 for a session: its user info, or the error code the server answers. */
export async function apiUserInfoCode(baseUrl: string, session: { token: string; uid: number }): Promise<number> {
  const query = new URLSearchParams(Object.entries(signed({})).map(([k, v]) => [k, String(v)]));
  const response = await fetch(`${baseUrl}/v1/user/getUserInfoByToken?${query}`, { headers: { token: session.token, uid: String(session.uid) } });
  const body = (await response.json()) as { status: number; errInfo?: { code: number } };
  return body.status === 1 ? 1 : (body.errInfo?.code ?? 0);
}
