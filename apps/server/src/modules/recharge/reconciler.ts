import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import type { CheckoutState, PaymentEvent, PaymentProviders } from '../payments';
import type { Crediting } from './crediting';
import type { OrderExpiry } from './order-expiry';
import type { OrderRow, RechargeRepository } from './recharge.repository';
import type { RechargeLogger } from './recharge-tx';
import type { TopUpSwitches } from './top-up-switches';

export interface ReconcilerDeps {
  recharge: Pick<RechargeRepository, 'order' | 'unprocessedNotifications' | 'paidNotFulfilled' | 'awaitingToCheck' | 'markChecked'>;
  providers: PaymentProviders;
  crediting: Pick<Crediting, 'record' | 'apply' | 'fulfil'>;
  switches: Pick<TopUpSwitches, 'settleMaintenance'>;
  expiry: Pick<OrderExpiry, 'expireOverdue'>;
  now: () => number;
  log: RechargeLogger;
}

/**
 * Finishes what a crash or a lost notification left open (the timed sweep), and the operator's
 * re-check of one order: both ask the provider and apply its answer like a notification.
 */
export class Reconciler {
  constructor(private readonly deps: ReconcilerDeps) {}

  /**
   * Finishes whatever is left open, at start-up and then periodically: maintenance and expiry,
   * stored notifications not yet applied (a crash after storing), paid orders not yet credited (a
   * crash after paying), and awaiting orders whose notification never came (asks the provider).
   */
  async reconcile(options: { notificationGraceMs?: number; checkEveryMs?: number } = {}): Promise<{ applied: number; fulfilled: number; checked: number }> {
    const { recharge, crediting } = this.deps;
    const now = this.deps.now();
    await this.deps.switches.settleMaintenance();
    await this.deps.expiry.expireOverdue();

    // The database stamps arrivals in microseconds, this clock counts milliseconds: the cut-off takes
    // in the whole millisecond, so a notification stored just now is not skipped with no grace.
    const receivedBefore = new Date(now - (options.notificationGraceMs ?? 30_000) + 1);
    const unapplied = await recharge.unprocessedNotifications(receivedBefore, 100);
    for (const row of unapplied) await crediting.apply(row, row.provider, row.event as unknown as PaymentEvent);
    let fulfilled = 0;
    for (const order of await recharge.paidNotFulfilled(100)) {
      if (await crediting.fulfil(order.orderNo)) fulfilled += 1;
    }
    let checked = 0;
    const checkEvery = options.checkEveryMs ?? 60_000;
    for (const order of await recharge.awaitingToCheck(new Date(now - checkEvery), new Date(now - checkEvery), 50)) {
      if (!this.deps.providers.get(order.provider) || !order.providerRef) continue;
      checked += 1;
      try {
        await this.#inquire(order);
      } catch (error) {
        this.deps.log.warn({ err: error, orderNo: order.orderNo }, 'provider inquiry failed');
      }
    }
    return { applied: unapplied.length, fulfilled, checked };
  }

  /**
   * Asks the provider for a checkout's state now and applies a final answer like a notification
   * (stored once under `inquiry:<orderNo>:<state>`, so asking again never applies it twice).
   */
  async #inquire(order: OrderRow): Promise<{ providerState: CheckoutState | 'no_checkout'; outcome: string }> {
    const provider = this.deps.providers.get(order.provider);
    if (!provider) throw new AppError(Errors.OrderConfigurationNotFound);
    if (!order.providerRef) return { providerState: 'no_checkout', outcome: 'no_checkout' };
    const state = await provider.retrieve(order.providerRef);
    await this.deps.recharge.markChecked(order.orderNo, new Date(this.deps.now()));
    if (state === 'open') return { providerState: state, outcome: 'open' };
    const event: PaymentEvent = { eventId: `inquiry:${order.orderNo}:${state}`, orderNo: order.orderNo, reference: order.providerRef, outcome: state, type: `inquiry.${state}`, fromInquiry: true };
    return { providerState: state, outcome: await this.deps.crediting.record(order.provider, event, '') };
  }

  /**
   * The operator's manual re-check (console): asks the provider now, whatever the order's status,
   * and credits a paid order through the same exactly-once path as a notification. A paid order
   * left uncredited (a crash) is credited too. 10046 for an unknown order; 50000 when the provider
   * cannot be reached.
   */
  async recheck(orderNo: string): Promise<{ providerState: string; outcome: string }> {
    const order = await this.deps.recharge.order(orderNo);
    if (!order) throw new AppError(Errors.OrderNotFound);
    const result = await this.#inquire(order).catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      this.deps.log.error({ err: error, orderNo }, 'provider re-check failed');
      throw new AppError(Errors.InternalError, { cause: error });
    });
    const now = await this.deps.recharge.order(orderNo);
    if (now?.status === 'paid' && (await this.deps.crediting.fulfil(orderNo))) return { ...result, outcome: 'credited' };
    return result;
  }
}
