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
