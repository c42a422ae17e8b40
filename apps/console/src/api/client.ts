import { APP_ID_DEFAULT, HTTP_TIMEOUT_MS } from '@vsp/contract/constants';
import { STATUS_OK, isFailure } from '@vsp/contract/envelope';
import { Errors } from '@vsp/contract/error-codes';
import type { PublicConfig } from '@vsp/contract/public-config';
import { signParams, type Params } from '@vsp/contract/signing';
import { TEXTS } from '../texts';

/**
 * The console's small HTTP client on the contract's signing (the website's client belongs to the
 * website; apps do not import each other). Signs every /v1 call, sends the operator's session,
 * times out, resolves with `data` when status is 1 and throws ConsoleApiError otherwise.
 */

export class ConsoleApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ConsoleApiError';
  }
}

export interface OperatorSession {
  token: string;
  uid: number;
  userName: string;
}

const SESSION_KEY = 'vsp.console.session';

export function loadSession(): OperatorSession | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    return raw ? (JSON.parse(raw) as OperatorSession) : null;
  } catch {
    return null;
  }
}

export function saveSession(session: OperatorSession | null): void {
  if (session) sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
  else sessionStorage.removeItem(SESSION_KEY);
}

function signSecret(): string {
  const element = document.getElementById('app-config');
  const config: Partial<PublicConfig> = element?.textContent ? (JSON.parse(element.textContent) as PublicConfig) : {};
  return config.signSecrets?.[String(APP_ID_DEFAULT)] ?? '';
}

/** Called when the server says the session is gone (expired, revoked, blocked, not an operator). */
let onSessionLost: (() => void) | undefined;
export function setSessionLostHandler(handler: (() => void) | undefined): void {
  onSessionLost = handler;
}
const SESSION_LOST_CODES = new Set<number>([Errors.LoginRequired, Errors.LoginFailed, Errors.SessionExpired, Errors.LoggedOut, Errors.AccountBlocked, Errors.Forbidden]);

export async function call<T>(path: string, options: { method?: 'GET' | 'POST'; params?: Params } = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const signed = signParams(options.params ?? {}, { appId: APP_ID_DEFAULT, secret: signSecret() });
  const session = loadSession();
  const headers: Record<string, string> = { accept: 'application/json', pf: '3' };
  if (session) Object.assign(headers, { token: session.token, uid: String(session.uid) });
  let url = path;
  let body: string | undefined;
  if (method === 'GET') {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(signed)) search.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    url = `${path}?${search.toString()}`;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(signed);
  }
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  } catch {
    throw new ConsoleApiError(0, TEXTS.common.networkError);
  }
  const json: unknown = await response.json().catch(() => null);
  if (isFailure(json)) {
    if (SESSION_LOST_CODES.has(json.errInfo.code) && session) onSessionLost?.();
    throw new ConsoleApiError(json.errInfo.code, json.errInfo.message);
  }
  if (!json || (json as { status?: unknown }).status !== STATUS_OK) throw new ConsoleApiError(0, TEXTS.common.networkError);
  return (json as { data: T }).data;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
