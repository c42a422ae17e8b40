import { useCallback, useState } from 'react';
import { queryOptions, skipToken, useQuery, type QueryState } from '@tanstack/react-query';
import type { OrderInquiry } from '@vsp/contract/endpoints/recharge';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import { publicConfig } from '../../../shared/config/public-config';
import { getOrder, orderInquiryKey } from '../api/get-order';

/** How long the inquiry waits after an answer before it asks again. */
export const POLL_MS = 1500;
/** Default inquiry window when the page has no configured one. */
const DEFAULT_WINDOW_MS = 30_000;

export type InquiryState =
  | { phase: 'idle' }
  | { phase: 'checking'; order: OrderInquiry | null; round: 1 | 2 }
  | { phase: 'success'; order: OrderInquiry }
  | { phase: 'failed' | 'expired' | 'invalidated'; order: OrderInquiry }
  | { phase: 'timeout'; order: OrderInquiry | null }
  | { phase: 'timeout_again'; order: OrderInquiry | null }
  | { phase: 'error'; error: unknown };

/** One round of asking: which order, since when, until when, and the order the last round saw. */
export interface InquiryRun {
  orderNo: string;
  round: 1 | 2;
  startedAt: number;
  deadline: number;
  carried: OrderInquiry | null;
}

/** What the inquiry's query holds (its `state`): the last order, the last failure and when each came. */
type InquiryAnswers = Pick<QueryState<OrderInquiry>, 'data' | 'error' | 'dataUpdatedAt' | 'errorUpdatedAt'>;

export function newRun(orderNo: string, round: 1 | 2, carried: OrderInquiry | null, windowMs: number, now = Date.now()): InquiryRun {
  return { orderNo, round, startedAt: now, deadline: now + windowMs, carried };
}

function settled(order: OrderInquiry): InquiryState | null {
  switch (order.status) {
    // Refunded (later, by an operator): the payment did go through; the order's status says the rest.
    case 'fulfilled':
    case 'refunded':
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
 * Where a round stands after its latest answer: a final order state or a missing order ends it; an
 * answer (or a network failure, which just waits for the next ask) too late for another ask before
 * the deadline is a timeout; anything else is still checking.
 */
export function inquiryState(run: InquiryRun | null, answers: InquiryAnswers): InquiryState {
  if (!run) return { phase: 'idle' };
  const order = answers.data ?? run.carried;
  const done = answers.data ? settled(answers.data) : null;
  if (done) return done;
  if (answers.error instanceof AppError && answers.error.code === Errors.OrderNotFound) return { phase: 'error', error: answers.error };
  const answeredAt = Math.max(answers.dataUpdatedAt, answers.errorUpdatedAt);
  if (answeredAt >= run.startedAt && answeredAt + POLL_MS > run.deadline) return run.round === 1 ? { phase: 'timeout', order } : { phase: 'timeout_again', order };
  return { phase: 'checking', order, round: run.round };
}

/**
 * The order inquiry as a query: asked at once, then again POLL_MS after each answer (also in a
 * background tab) until inquiryState leaves `checking`. It does not retry by itself: the next ask is
 * the retry.
 */
export function inquiryQuery(run: InquiryRun | null) {
  return queryOptions({
    queryKey: run ? orderInquiryKey(run.orderNo, run.round) : ['recharge', 'order', 'none'],
    queryFn: run ? ({ signal }) => getOrder(run.orderNo, signal) : skipToken,
    retry: false,
    refetchInterval: (query) => (inquiryState(run, query.state).phase === 'checking' ? POLL_MS : false),
    refetchIntervalInBackground: true,
  });
}

/**
 * The order inquiry of spec section 4: polls the order until it is credited or ends; after the
 * inquiry window it reports a timeout the payer may confirm to continue, and a second timeout
 * tells them to contact customer service in the app. `resume` starts it at once for that order.
 */
export function useOrderInquiry(resume: string | null, windowMs = publicConfig.rechargeInquiryWindowMs ?? DEFAULT_WINDOW_MS) {
  const [run, setRun] = useState<InquiryRun | null>(() => (resume ? newRun(resume, 1, null, windowMs) : null));
  const query = useQuery(inquiryQuery(run));
  const state = inquiryState(run, query);

  const carried = state.phase === 'timeout' ? state.order : null;
  const continueChecking = useCallback((orderNo: string) => setRun(newRun(orderNo, 2, carried, windowMs)), [carried, windowMs]);
  const reset = useCallback(() => setRun(null), []);
  return { state, continueChecking, reset };
}
