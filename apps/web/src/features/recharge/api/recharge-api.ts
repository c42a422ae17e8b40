import {
  rechargeCataloguePath,
  rechargeOrderPath,
  rechargeStatusPath,
  type Order,
  type RechargeCatalogue,
  type RechargeStatus,
} from '@vsp/contract/endpoints/recharge';
import { api } from '../../../shared/http/api';

export function fetchRechargeStatus(): Promise<RechargeStatus> {
  return api.request<RechargeStatus>(rechargeStatusPath);
}

export function fetchCatalogue(country: string | undefined, uid: number): Promise<RechargeCatalogue> {
  return api.request<RechargeCatalogue>(rechargeCataloguePath, { query: { country, uid } });
}

export interface NewOrder {
  uid: number;
  kind: 'product' | 'gift_pack';
  itemId: number;
  paymentMethodId: number;
  idempotencyKey: string;
  email?: string;
  returnPath: string;
}

export function createOrder(order: NewOrder): Promise<Order> {
  return api.request<Order>(rechargeOrderPath, { method: 'POST', body: { ...order } });
}

export function fetchOrder(orderNo: string, signal?: AbortSignal): Promise<Order> {
  return api.request<Order>(rechargeOrderPath, { query: { orderNo }, ...(signal ? { signal } : {}) });
}

/** A fresh key per intended purchase: a retried submission answers the same order. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
