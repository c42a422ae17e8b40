import {
  parentAccountPath,
  parentConfirmPath,
  parentSettingsPath,
  parentSignInPath,
  parentSignInRequestPath,
  parentSignOutPath,
  parentUnlinkPath,
  type ParentSession,
} from '@vsp/contract/endpoints/parental';
import type { BodyOf } from '@vsp/api-client/call-types';
import { api } from '../../../shared/http/api';

/** The parent's session (issue 32): kept for this tab only, sent as the `parent-token` header. */
const SESSION_KEY = 'parentSession';

export function storedParentSession(): ParentSession | null {
  try {
    const raw = window.sessionStorage.getItem(SESSION_KEY);
    const session = raw ? (JSON.parse(raw) as ParentSession) : null;
    return session && session.expiresAt > Date.now() ? session : null;
  } catch {
    return null;
  }
}

export function storeParentSession(session: ParentSession | null): void {
  try {
    if (session) window.sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
    else window.sessionStorage.removeItem(SESSION_KEY);
  } catch {
    /* without session storage the parent signs in again after a reload */
  }
}

export const parentKeys = {
  account: (uid: number) => ['parental', 'account', uid] as const,
};

const headersOf = (session: ParentSession) => ({ 'parent-token': session.sessionToken });

export function confirmParent(token: string, pin: string) {
  return api.post(parentConfirmPath, { body: { token, pin } });
}

export function requestParentSignIn(email: string) {
  return api.post(parentSignInRequestPath, { body: { email } });
}

export function signInParent(token: string, pin: string) {
  return api.post(parentSignInPath, { body: { token, pin } });
}

export function fetchParentAccount(session: ParentSession) {
  return api.get(parentAccountPath, { headers: headersOf(session) });
}

export function saveParentSettings(session: ParentSession, body: BodyOf<typeof parentSettingsPath>) {
  return api.post(parentSettingsPath, { body, headers: headersOf(session) });
}

export function unlinkParent(session: ParentSession) {
  return api.post(parentUnlinkPath, { headers: headersOf(session) });
}

export function signOutParent(session: ParentSession) {
  return api.post(parentSignOutPath, { headers: headersOf(session) });
}
