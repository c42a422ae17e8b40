import type { BodyOf } from '@vsp/api-client/call-types';
import { rechargeOrderPath } from '@vsp/contract/endpoints/recharge';
import { randomHex } from '../../../shared/dom/random-hex';
import { api } from '../../../shared/http/api';
import { useInvalidatingMutation } from '../../../shared/http/use-invalidating-mutation';
import { rechargeKeys } from './keys';

export function createOrder(order: BodyOf<typeof rechargeOrderPath>) {
  return api.post(rechargeOrderPath, { body: order });
}

/** A fresh key per intended purchase: a retried submission answers the same order. */
export function newIdempotencyKey(): string {
  return randomHex(16);
}

/**
 * Creates an order. A refused order may mean the catalogue moved on (a pack's limit, maintenance):
 * ask again. A made one leaves for the checkout.
 */
export function useCreateOrder() {
  return useInvalidatingMutation(createOrder, rechargeKeys.catalogues, { staleAfter: 'refusal' });
}
