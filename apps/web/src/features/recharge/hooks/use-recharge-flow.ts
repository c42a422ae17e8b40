import { useCallback, useEffect, useState } from 'react';
import type { RechargeAccount } from '@vsp/contract/endpoints/recharge';
import { useOrderInquiry } from './use-order-inquiry';
import { payOrderStore, type PayOrder } from './pay-order-store';

/**
 * What both top-up pages share: the verified account, and the pay order whose inquiry resumes
 * when the payer comes back from the gateway (`remembered`, the order kept in local storage; the
 * screen starts anew when it changes). `checked`: the account the server checked for a form posted
 * without scripts (decision 0144), the first account unless an order is remembered.
 */
export function useRechargeFlow(remembered: PayOrder | null, checked: RechargeAccount | null = null) {
  const [account, setAccount] = useState<RechargeAccount | null>(remembered ? { uid: remembered.uid, nickname: remembered.nickname } : checked);
  const [orderNo, setOrderNo] = useState<string | null>(remembered?.orderNo ?? null);
  // On arrival (back from the gateway, or a reload): the remembered order's inquiry resumes.
  const inquiry = useOrderInquiry(remembered?.orderNo ?? null);

  const phase = inquiry.state.phase;
  useEffect(() => {
    // A finished order is forgotten; an unpaid one stays remembered until it ends.
    if (['success', 'failed', 'expired', 'invalidated', 'error'].includes(phase)) payOrderStore.clear();
  }, [phase]);

  const continueChecking = useCallback(() => {
    if (orderNo) inquiry.continueChecking(orderNo);
  }, [inquiry, orderNo]);

  const startOver = useCallback(() => {
    payOrderStore.clear();
    inquiry.reset();
    setOrderNo(null);
  }, [inquiry]);

  return { account, setAccount, orderNo, inquiry: inquiry.state, continueChecking, startOver };
}
