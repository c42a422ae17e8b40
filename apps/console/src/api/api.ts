import { NetworkError, createApiClient } from '@vsp/api-client/api-client';
import { Errors } from '@vsp/contract/error-codes';
import { TEXTS } from '../texts';

/** The operator's session, kept in this tab's sessionStorage. */
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

function signSecret(appId: number): string | undefined {
  const element = document.getElementById('app-config');
  const config = element?.textContent ? (JSON.parse(element.textContent) as { signSecrets?: Record<string, string> }) : {};
  return config.signSecrets?.[String(appId)];
}

/** Called when the server says the session is gone (expired, revoked, blocked, not an operator). */
let onSessionLost: (() => void) | undefined;
export function setSessionLostHandler(handler: (() => void) | undefined): void {
  onSessionLost = handler;
}
const SESSION_LOST_CODES = new Set<number>([Errors.LoginRequired, Errors.LoginFailed, Errors.SessionExpired, Errors.LoggedOut, Errors.AccountBlocked, Errors.Forbidden, Errors.SecondFactorRequired]);

/** Called when an action asks for a fresh second factor (step-up, decision 0155). */
let onStepUp: (() => void) | undefined;
export function setStepUpHandler(handler: (() => void) | undefined): void {
  onStepUp = handler;
}

/** The console's API client: the page config's signing secret and the operator's session. */
export const api = createApiClient({
  signing: { secretFor: signSecret },
  session: loadSession,
  onSessionRefused: (error) => {
    if (SESSION_LOST_CODES.has(error.code)) onSessionLost?.();
    if (error.code === Errors.StepUpRequired) onStepUp?.();
  },
});

/** What an operator reads for a failed call: the server's English text, or that no answer came. */
export function errorText(error: unknown): string {
  if (error instanceof NetworkError) return TEXTS.common.networkError;
  return error instanceof Error ? error.message : String(error);
}
