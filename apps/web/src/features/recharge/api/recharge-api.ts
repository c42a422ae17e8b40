import type { BodyOf } from '@vsp/api-client/call-types';
import { rechargeCataloguePath, rechargeMyOrdersPath, rechargeOrderPath, rechargeReceiptPath, rechargeStatusPath, type MyOrders } from '@vsp/contract/endpoints/recharge';
import { api } from '../../../shared/http/api';
import type { PageSource } from '../../../shared/http/use-paged-list';

/**
 * The top-up feature's query keys. A catalogue depends on the session too (`viewer`, its uid): its
 * purchase counts are shown to the account's signed-in owner only (decision 0095).
 */
export const rechargeKeys = {
  status: ['recharge', 'status'] as const,
  catalogues: ['recharge', 'catalogue'] as const,
  catalogue: (uid: number, country: string | undefined, viewer: string | null) => ['recharge', 'catalogue', uid, country ?? null, viewer] as const,
  /** One round of the order inquiry (a confirmed timeout starts round 2). */
  inquiry: (orderNo: string, round: 1 | 2) => ['recharge', 'order', orderNo, 'inquiry', round] as const,
  /** The signed-in player's order history, one page (`viewer`: whose session asks). */
  history: (viewer: string, page: number) => ['recharge', 'history', viewer, page] as const,
  /** One order's receipt, as the owner's session or the mailed link's token opens it. */
  receipt: (orderNo: string, token: string | null, viewer: string | null) => ['recharge', 'receipt', orderNo, token, viewer] as const,
};

export function fetchRechargeStatus() {
  return api.get(rechargeStatusPath);
}

export function fetchCatalogue(country: string | undefined, uid: number) {
  return api.get(rechargeCataloguePath, { query: { country, uid } });
}

export function createOrder(order: BodyOf<typeof rechargeOrderPath>) {
  return api.post(rechargeOrderPath, { body: order });
}

export function fetchOrder(orderNo: string, signal?: AbortSignal) {
  return api.get(rechargeOrderPath, { query: { orderNo }, signal });
}

export function fetchMyOrders(page: number, signal?: AbortSignal) {
  return api.get(rechargeMyOrdersPath, { query: { page }, signal });
}

/** The signed-in player's order history, a page at a time, as `viewer`'s session sees it. */
export function myOrderPages(viewer: string): PageSource<MyOrders> {
  return { queryKey: (page) => rechargeKeys.history(viewer, page), fetchPage: fetchMyOrders };
}

export function fetchReceipt(orderNo: string, token: string | null) {
  return api.get(rechargeReceiptPath, { query: { orderNo, ...(token ? { token } : {}) } });
}

/** A fresh key per intended purchase: a retried submission answers the same order. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
