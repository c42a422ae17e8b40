import { useCallback, useEffect, useRef, useState } from 'react';
import type { Order } from '@vsp/contract/endpoints/recharge';
import { Errors } from '@vsp/contract/error-codes';
import { publicConfig } from '../../../shared/config/public-config';
import { fetchOrder } from '../api/recharge-api';

/** How often the inquiry asks about the order. */
const POLL_MS = 1500;
/** Default inquiry window when the page has no configured one. */
const DEFAULT_WINDOW_MS = 30_000;

export type InquiryState =
  | { phase: 'idle' }
  | { phase: 'checking'; order: Order | null; round: 1 | 2 }
  | { phase: 'success'; order: Order }
  | { phase: 'failed' | 'expired' | 'invalidated'; order: Order }
  | { phase: 'timeout'; order: Order | null }
  | { phase: 'timeout_again'; order: Order | null }
  | { phase: 'error'; error: unknown };

function settled(order: Order): InquiryState | null {
  switch (order.status) {
    case 'fulfilled':
      return { phase: 'success', order };
    case 'failed':
      return { phase: 'failed', order };
    case 'expired':
      return { phase: 'expired', order };
    case 'cancelled':
      return { phase: 'invalidated', order };
    default:
      return null;
  }
}

/**
 * The order inquiry of spec section 4: polls the order until it is credited or ends; after the
 * inquiry window it reports a timeout the payer may confirm to continue, and a second timeout
 * tells them to contact customer service in the app.
 */
export function useOrderInquiry(windowMs = publicConfig.rechargeInquiryWindowMs ?? DEFAULT_WINDOW_MS) {
  const [state, setState] = useState<InquiryState>({ phase: 'idle' });
  const run = useRef<AbortController | null>(null);

  const stop = useCallback(() => {
    run.current?.abort();
    run.current = null;
  }, []);

  const poll = useCallback(
    async (orderNo: string, round: 1 | 2, last: Order | null) => {
      stop();
      const controller = new AbortController();
      run.current = controller;
      const deadline = Date.now() + windowMs;
      let order = last;
      setState({ phase: 'checking', order, round });
      while (!controller.signal.aborted) {
        try {
          order = await fetchOrder(orderNo, controller.signal);
          const done = settled(order);
          if (done) {
            if (!controller.signal.aborted) setState(done);
            return;
          }
          if (!controller.signal.aborted) setState({ phase: 'checking', order, round });
        } catch (error) {
          if (controller.signal.aborted) return;
          // A missing order is final; network trouble just waits for the next round.
          if ((error as { code?: number }).code === Errors.OrderNotFound) {
            setState({ phase: 'error', error });
            return;
          }
        }
        if (Date.now() + POLL_MS > deadline) {
          setState(round === 1 ? { phase: 'timeout', order } : { phase: 'timeout_again', order });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    [stop, windowMs],
  );

  const start = useCallback((orderNo: string) => void poll(orderNo, 1, null), [poll]);
  const continueChecking = useCallback(
    (orderNo: string) => void poll(orderNo, 2, state.phase === 'timeout' ? state.order : null),
    [poll, state],
  );
  const reset = useCallback(() => {
    stop();
    setState({ phase: 'idle' });
  }, [stop]);

  useEffect(() => stop, [stop]);
  return { state, start, continueChecking, reset };
}
