import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, localStore } from '../storage/local-store';

/** The logged-in user as the website keeps it (spec section 3: token and userInfo). */
export interface StoredUserInfo {
  uid: number;
  nickname: string;
  userName: string;
}

export interface Session {
  token: string;
  uid: string;
  userInfo: StoredUserInfo | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function read(): Session | null {
  const token = localStore.get(STORAGE_KEYS.token);
  const uid = localStore.get(STORAGE_KEYS.uid);
  if (!token || !uid) return null;
  return { token, uid, userInfo: localStore.getJson<StoredUserInfo>(STORAGE_KEYS.userInfo) };
}

let current: Session | null = typeof window === 'undefined' ? null : read();

function emit() {
  for (const listener of listeners) listener();
}

/** Stores token, user info and uid under the spec's keys. */
export function saveSession(token: string, userInfo: StoredUserInfo) {
  localStore.set(STORAGE_KEYS.token, token);
  localStore.set(STORAGE_KEYS.uid, String(userInfo.uid));
  localStore.set(STORAGE_KEYS.userInfo, userInfo);
  current = { token, uid: String(userInfo.uid), userInfo };
  emit();
}

/** Logout: clears token, user info and the stored keys. */
export function clearSession() {
  localStore.remove(STORAGE_KEYS.token, STORAGE_KEYS.uid, STORAGE_KEYS.userInfo);
  current = null;
  emit();
}

export function getSession(): Session | null {
  return current;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}

// Another tab logging in or out changes this tab's session too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.uid) {
      current = read();
      emit();
    }
  });
}
