import type { ParentSession } from '@vsp/contract/endpoints/parental';
import { tabStore } from '../../shared/storage/local-store';

/** The parent's session (issue 32): kept for this tab only, sent as the `parent-token` header. */
const SESSION_KEY = 'parentSession';

export function storedParentSession(): ParentSession | null {
  const session = tabStore.getJson<ParentSession>(SESSION_KEY);
  return session && session.expiresAt > Date.now() ? session : null;
}

/** Without session storage the parent signs in again after a reload. */
export function storeParentSession(session: ParentSession | null): void {
  if (session) tabStore.set(SESSION_KEY, session);
  else tabStore.remove(SESSION_KEY);
}

/** The headers that send the parent's session with a call. */
export const parentSessionHeaders = (session: ParentSession) => ({ 'parent-token': session.sessionToken });
