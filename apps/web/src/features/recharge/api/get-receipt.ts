import { queryOptions, useQuery } from '@tanstack/react-query';
import { rechargeReceiptPath } from '@vsp/contract/endpoints/recharge';
import { api } from '../../../shared/http/api';

/** One order's receipt, as the owner's session or the mailed link's token opens it. */
export const receiptKey = (orderNo: string, token: string | null, viewer: string | null) => ['recharge', 'receipt', orderNo, token, viewer] as const;

export function getReceipt(orderNo: string, token: string | null) {
  return api.get(rechargeReceiptPath, { query: { orderNo, ...(token ? { token } : {}) } });
}

/** `enabled`: whether the order number is well formed (nothing is asked otherwise). */
export function receiptQuery(orderNo: string, token: string | null, viewer: string | null, enabled: boolean) {
  return queryOptions({ queryKey: receiptKey(orderNo, token, viewer), queryFn: () => getReceipt(orderNo, token), enabled });
}

export function useReceipt(orderNo: string, token: string | null, viewer: string | null, enabled: boolean) {
  return useQuery(receiptQuery(orderNo, token, viewer, enabled));
}
