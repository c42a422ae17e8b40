import type { ParentSession } from '@vsp/contract/endpoints/parental';

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

/** The headers that send the parent's session with a call. */
export const parentSessionHeaders = (session: ParentSession) => ({ 'parent-token': session.sessionToken });
