import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver, environmentManager } from '@tanstack/react-query';
import { NetworkError } from '@vsp/api-client/api-client';
import { AppError } from '@vsp/contract/app-error';
import type { OrderInquiry, OrderStatus } from '@vsp/contract/endpoints/recharge';
import { Errors } from '@vsp/contract/error-codes';
import { createQueryClient } from '../../../shared/http/query-client';
import { getOrder } from '../api/get-order';
import { POLL_MS, inquiryQuery, inquiryState, newRun, type InquiryRun } from './use-order-inquiry';

vi.mock(import('../api/get-order'), async (importOriginal) => ({ ...(await importOriginal()), getOrder: vi.fn() }));

const ask = vi.mocked(getOrder);
const order = (status: OrderStatus) => ({ orderNo: 'TU-TEST0001', status }) as OrderInquiry;

/** Answers the inquiry's asks in turn; the last answer repeats. */
function answers(...outcomes: (OrderStatus | Error)[]) {
  let next = 0;
  ask.mockImplementation(() => {
    const outcome = outcomes[Math.min(next++, outcomes.length - 1)]!;
    return outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(order(outcome));
  });
}

/** The inquiry's query as the hook runs it, observed without React. */
function observe(run: InquiryRun) {
  const observer = new QueryObserver(createQueryClient(), inquiryQuery(run));
  const stop = observer.subscribe(() => undefined);
  return { phase: () => inquiryState(run, observer.getCurrentResult()), stop };
}

describe('the order inquiry', () => {
  // Node has no window, so TanStack Query takes it for a server and schedules no refetch timers.
  const asOnServer = environmentManager.isServer();
  beforeEach(() => {
    environmentManager.setIsServer(() => false);
    vi.useFakeTimers();
    ask.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
    environmentManager.setIsServer(() => asOnServer);
  });

  it('asks at once, again every 1.5 s, and stops asking once the order is credited', async () => {
    answers('awaiting_payment', 'paid', 'fulfilled');
    const inquiry = observe(newRun('TU-TEST0001', 1, null, 30_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(inquiry.phase()).toMatchObject({ phase: 'checking', round: 1, order: { status: 'awaiting_payment' } });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(ask).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(inquiry.phase()).toMatchObject({ phase: 'success', order: { status: 'fulfilled' } });
    await vi.advanceTimersByTimeAsync(20 * POLL_MS);
    expect(ask).toHaveBeenCalledTimes(3);
    inquiry.stop();
  });

  it.each([
    ['failed', 'failed'],
    ['expired', 'expired'],
    ['cancelled', 'invalidated'],
  ] as const)('ends at a %s order as %s', async (status, phase) => {
    answers('awaiting_payment', status);
    const inquiry = observe(newRun('TU-TEST0001', 1, null, 30_000));
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    expect(inquiry.phase().phase).toBe(phase);
    expect(ask).toHaveBeenCalledTimes(2);
    inquiry.stop();
  });

  it('times out when no ask is left before the window ends, then a confirmed second round times out again', async () => {
    answers('awaiting_payment');
    const first = newRun('TU-TEST0001', 1, null, 5_000);
    const inquiry = observe(first);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(inquiry.phase().phase).toBe('checking');
    await vi.advanceTimersByTimeAsync(600);
    // Asked at 0, 1.5, 3 and 4.5 s; after the last answer another wait would pass the 5 s window.
    const timedOut = inquiry.phase();
    expect(timedOut).toMatchObject({ phase: 'timeout', order: { status: 'awaiting_payment' } });
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    expect(ask).toHaveBeenCalledTimes(4);
    inquiry.stop();

    const second = newRun('TU-TEST0001', 2, 'order' in timedOut ? timedOut.order : null, 5_000, Date.now());
    const again = observe(second);
    // Before its first answer the second round shows the order the first one saw.
    expect(again.phase()).toMatchObject({ phase: 'checking', round: 2, order: { status: 'awaiting_payment' } });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(again.phase().phase).toBe('timeout_again');
    expect(ask).toHaveBeenCalledTimes(8);
    again.stop();
  });

  it('keeps asking through network trouble and a server error, and ends at a missing order', async () => {
    answers(new NetworkError('offline'), new AppError(Errors.ServerUnavailable), 'awaiting_payment', new AppError(Errors.OrderNotFound));
    const inquiry = observe(newRun('TU-TEST0001', 1, null, 30_000));
    await vi.advanceTimersByTimeAsync(0);
    // No retry of its own: one ask per round, the next ask is the retry.
    expect(ask).toHaveBeenCalledTimes(1);
    expect(inquiry.phase()).toMatchObject({ phase: 'checking', order: null });
    await vi.advanceTimersByTimeAsync(2 * POLL_MS);
    expect(inquiry.phase()).toMatchObject({ phase: 'checking', order: { status: 'awaiting_payment' } });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(inquiry.phase()).toMatchObject({ phase: 'error', error: { code: Errors.OrderNotFound } });
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    expect(ask).toHaveBeenCalledTimes(4);
    inquiry.stop();
  });

  it('is idle without a run and asks nothing', async () => {
    const observer = new QueryObserver(createQueryClient(), inquiryQuery(null));
    const stop = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    expect(inquiryState(null, observer.getCurrentResult())).toEqual({ phase: 'idle' });
    expect(ask).not.toHaveBeenCalled();
    stop();
  });
});
