import { rechargeOrderPath } from '@vsp/contract/endpoints/recharge';
import { api } from '../../../shared/http/api';

/** One round of the order inquiry (a confirmed timeout starts round 2). */
export const orderInquiryKey = (orderNo: string, round: 1 | 2) => ['recharge', 'order', orderNo, 'inquiry', round] as const;

/**
 * An order's state, as the payer's inquiry asks for it. Its query, which polls, is
 * `inquiryQuery` beside the inquiry's states (hooks/use-order-inquiry.ts).
 */
export function getOrder(orderNo: string, signal?: AbortSignal) {
  return api.get(rechargeOrderPath, { query: { orderNo }, signal });
}
