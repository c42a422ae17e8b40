import { useState } from 'react';
import { useClientValue } from '../../../shared/dom/client-value';
import { STORAGE_KEYS, localStore } from '../../../shared/storage/local-store';

/**
 * The pay order of spec section 3, kept in local storage under `payOrder`, so that a payer who
 * comes back from the gateway (or reloads) lands in the order inquiry of the order they paid.
 */
export interface PayOrder {
  orderNo: string;
  uid: number;
  nickname: string;
  kind: 'product' | 'gift_pack';
  startedAt: number;
}

/** Remembered orders older than this are not resumed (unpaid orders expire well before). */
const RESUME_WITHIN_MS = 24 * 60 * 60 * 1000;

export const payOrderStore = {
  read(): PayOrder | null {
    const stored = localStore.getJson<PayOrder>(STORAGE_KEYS.payOrder);
    if (!stored || typeof stored.orderNo !== 'string' || Date.now() - stored.startedAt > RESUME_WITHIN_MS) return null;
    return stored;
  },
  save(order: PayOrder) {
    localStore.set(STORAGE_KEYS.payOrder, order);
  },
  clear() {
    localStore.remove(STORAGE_KEYS.payOrder);
  },
};

/**
 * The order the payer left for the gateway, as it was when the page opened. The prerendered top-up
 * page has none and React hydrates it as such; the remembered order shows right after (decision
 * 0124). Later changes (the order ends and is forgotten) do not change it.
 */
export function useRememberedPayOrder(): PayOrder | null {
  const [readOnce] = useState(() => {
    let order: PayOrder | null | undefined;
    return () => (order === undefined ? (order = payOrderStore.read()) : order);
  });
  return useClientValue(readOnce, null);
}
