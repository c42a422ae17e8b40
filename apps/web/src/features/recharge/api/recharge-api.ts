import type { BodyOf } from '@vsp/api-client/call-types';
import { rechargeCataloguePath, rechargeOrderPath, rechargeStatusPath } from '@vsp/contract/endpoints/recharge';
import { api } from '../../../shared/http/api';

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

/** A fresh key per intended purchase: a retried submission answers the same order. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
