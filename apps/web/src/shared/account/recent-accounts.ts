import { useSyncExternalStore } from 'react';
import type { RechargeAccount } from '@vsp/contract/endpoints/recharge';
import { STORAGE_KEYS, localStore } from '../storage/local-store';

/** How many verified account IDs this device remembers (newest first). */
export const RECENT_ACCOUNTS_MAX = 5;

const EMPTY: readonly RechargeAccount[] = [];
const listeners = new Set<() => void>();
let cached: { raw: string | null; list: readonly RechargeAccount[] } | null = null;

function isAccount(value: unknown): value is RechargeAccount {
  const v = value as Partial<RechargeAccount> | null;
  return Boolean(v) && Number.isSafeInteger(v!.uid) && (v!.uid as number) > 0 && typeof v!.nickname === 'string';
}

/** What local storage holds, kept to well-formed entries; the same array while nothing changed. */
function read(): readonly RechargeAccount[] {
  const raw = localStore.get(STORAGE_KEYS.recentAccounts);
  if (cached && cached.raw === raw) return cached.list;
  let list: readonly RechargeAccount[] = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) list = parsed.filter(isAccount).slice(0, RECENT_ACCOUNTS_MAX).map(({ uid, nickname }) => ({ uid, nickname }));
  } catch {
    list = EMPTY;
  }
  cached = { raw, list };
  return list;
}

function write(list: readonly RechargeAccount[]) {
  if (list.length === 0) localStore.remove(STORAGE_KEYS.recentAccounts);
  else localStore.set(STORAGE_KEYS.recentAccounts, list);
  for (const listener of listeners) listener();
}

/**
 * The account IDs a payer verified on this device (issue 19, "no top-up to the wrong account"):
 * remembered with their nicknames after each verification, reused with one tap, forgotten one by one.
 */
export const recentAccounts = {
  remember(account: RechargeAccount) {
    write([{ uid: account.uid, nickname: account.nickname }, ...read().filter((a) => a.uid !== account.uid)].slice(0, RECENT_ACCOUNTS_MAX));
  },
  forget(uid: number) {
    write(read().filter((a) => a.uid !== uid));
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useRecentAccounts(): readonly RechargeAccount[] {
  return useSyncExternalStore(recentAccounts.subscribe, read, () => EMPTY);
}
