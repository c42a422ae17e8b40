import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import { inputBreach } from '../../plugins/input-rules';
import { NotificationRejected, type PaymentEvent, type PaymentProviders } from '../payments';
import type { ReceiptSender } from './receipt-sender';
import type { ReceivingLimits } from './receiving-limits';
import { UNPAID_STATUSES, type NotificationRow, type OrderRow, type RechargeRepository } from './recharge.repository';
import type { RechargeLogger, RechargeTx, RunInTransaction } from './recharge-tx';
import type { Refunds } from './refunds';

/** Work a module adds to the credit of an order, in the credit's transaction (it commits or fails with it). */
export type CreditStep = (tx: RechargeTx, order: OrderRow, at: Date) => Promise<void>;

export interface CreditingDeps {
  recharge: Pick<RechargeRepository, 'order' | 'recordNotification'>;
  transaction: RunInTransaction;
  providers: PaymentProviders;
  limits: ReceivingLimits;
  refunds: Pick<Refunds, 'markRefunded' | 'tellRefunded' | 'refundOverLimit'>;
  receipts: ReceiptSender;
  now: () => number;
  log: RechargeLogger;
  /** Test seam: runs after an order is marked paid and before it is credited (a crash there). */
  afterPaid?: (orderNo: string) => Promise<void>;
}

/**
 * Payments arriving: provider notifications verified, stored once and applied under the order's
 * row lock, and paid orders credited exactly once, after the receiving limits are checked again.
 */
export class Crediting {
  readonly #creditListeners: ((order: OrderRow) => Promise<void>)[] = [];
  readonly #creditSteps: CreditStep[] = [];

  constructor(private readonly deps: CreditingDeps) {}

  /** Work after an order is credited (the parent's notice mail); a failure is logged, never undoes the credit. */
  onCredited(listener: (order: OrderRow) => Promise<void>): void {
    this.#creditListeners.push(listener);
  }

  /** Work in the credit's own transaction (a parent's notice row, which must exist exactly once). */
  alongCredit(step: CreditStep): void {
    this.#creditSteps.push(step);
  }

  /** Verifies, stores and applies one provider notification; a forged one is refused (10097). */
  async receiveNotification(providerName: string, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<string> {
    const provider = this.deps.providers.get(providerName);
    if (!provider) throw new AppError(Errors.NotFound);
    let event: PaymentEvent;
    try {
      event = await provider.verifyNotification(rawBody, headers);
    } catch (error) {
      if (error instanceof NotificationRejected) {
        this.deps.log.warn({ provider: providerName, reason: error.message }, 'payment notification refused');
        throw new AppError(Errors.PaymentNotificationUnverified);
      }
      throw error;
    }
    // Signed by the provider, yet held to the input rules of every request: PostgreSQL cannot store
    // a NUL in text or jsonb (decision 0090).
    const breach = inputBreach(event);
    if (breach) {
      this.deps.log.warn({ provider: providerName, breach }, 'payment notification not storable');
      throw new AppError(Errors.ValidationFailed, { fields: [{ field: `event${breach.path}`, rule: breach.rule }] });
    }
    return this.record(providerName, event, rawBody.toString('utf8'));
  }

  /**
   * Stores a verified event (a provider's notification, or the answer of our own inquiry) once per
   * provider event id and applies it; one stored and applied before answers its outcome again.
   */
  async record(providerName: string, event: PaymentEvent, payload: string): Promise<string> {
    const stored = await this.deps.recharge.recordNotification({ provider: providerName, eventId: event.eventId, orderNo: event.orderNo, type: event.type, payload, event: { ...event } });
    if (stored.processedAt) return stored.outcome ?? 'duplicate';
    return this.apply(stored, providerName, event);
  }

  /**
   * Applies a stored notification to its order under the order's row lock, and marks it processed
   * in the same transaction. A paid order is then credited in a transaction of its own.
   */
  async apply(stored: NotificationRow, providerName: string, event: PaymentEvent): Promise<string> {
    const now = new Date(this.deps.now());
    const { log } = this.deps;
    const result = await this.deps.transaction(async (tx): Promise<{ outcome: string; paid: boolean; refunded?: OrderRow }> => {
      const { recharge } = tx;
      const order = event.orderNo ? await recharge.order(event.orderNo, { lock: true }) : undefined;
      const notification = await recharge.notification(stored.id, { lock: true });
      if (notification?.processedAt) return { outcome: notification.outcome ?? 'duplicate', paid: false };
      let outcome: string;
      /** The order this notification refunded. */
      let refunded: OrderRow | undefined;
      if (!order) outcome = 'unknown_order';
      else if (order.provider !== providerName) outcome = 'wrong_provider';
      else if (event.outcome === 'paid') {
        // A provider's notification must state what was paid; only our own inquiry (the provider's
        // API asked about our checkout) answers a state without an amount.
        if (!event.fromInquiry && (typeof event.amountMinor !== 'number' || typeof event.currency !== 'string')) {
          outcome = 'amount_missing';
          log.error({ orderNo: order.orderNo, event }, 'paid notification without amount or currency; not credited');
        } else if (event.amountMinor !== undefined && (event.amountMinor !== order.priceMinor || event.currency?.toUpperCase() !== order.currency.toUpperCase())) {
          outcome = 'amount_mismatch';
          log.error({ orderNo: order.orderNo, event }, 'paid amount differs from the order; not credited');
        } else if (order.status === 'paid' || order.status === 'fulfilled' || order.status === 'refunded') {
          // A refunded order's payment was returned: a late notice of it (a retried or delayed
          // event) is old news, never a second credit.
          outcome = 'duplicate';
        } else {
          // Money was taken: a payment credits even an order that expired or was invalidated meanwhile.
          await recharge.transition(order.orderNo, [order.status], { status: 'paid', paidAt: now, reason: null, providerRef: event.reference || order.providerRef });
          outcome = 'paid';
        }
      } else if (event.outcome === 'failed' || event.outcome === 'expired') {
        const changed = await recharge.transition(order.orderNo, UNPAID_STATUSES, {
          status: event.outcome,
          reason: event.outcome === 'failed' ? 'declined' : 'expired',
        });
        outcome = changed ? event.outcome : 'stale';
      } else if (event.outcome === 'refunded') {
        // The provider returned the money: our own refund's echo, or one made at the provider (its
        // dashboard, its support). Only the whole price, in the order's currency, refunds the order.
        if (event.amountMinor !== order.priceMinor || event.currency?.toUpperCase() !== order.currency.toUpperCase()) {
          outcome = 'amount_mismatch';
          log.error({ orderNo: order.orderNo, event }, 'refund notification is not for the whole order; the order is unchanged');
        } else if (order.status === 'refunded') outcome = 'duplicate';
        else if (order.status === 'paid' || order.status === 'fulfilled') {
          // Made at the provider, not by an operator here: the audit names the provider.
          refunded = await this.deps.refunds.markRefunded(tx, order, now, event.reference, { actorName: `provider:${providerName}` });
          outcome = 'refunded';
        } else outcome = 'stale';
      } else outcome = 'ignored';
      await recharge.markProcessed(stored.id, outcome, now);
      return { outcome, paid: outcome === 'paid' || (outcome === 'duplicate' && event.outcome === 'paid'), ...(refunded ? { refunded } : {}) };
    });
    if (result.refunded) await this.deps.refunds.tellRefunded(result.refunded, now);
    if (result.paid && event.orderNo) {
      await this.deps.afterPaid?.(event.orderNo);
      await this.fulfil(event.orderNo);
    }
    return result.outcome;
  }

  /**
   * Credits a paid order exactly once: ledger entries under `order:<orderNo>`, then fulfilled. Under
   * the account's row lock the receiving limits are checked again (decision 0141): a payment that
   * arrived over one is not credited, keeps the limit's reason and is refunded in full.
   */
  async fulfil(orderNo: string): Promise<boolean> {
    const now = new Date(this.deps.now());
    const paid = await this.deps.recharge.order(orderNo);
    if (paid?.status !== 'paid') return false;
    const result = await this.deps.transaction(async (tx): Promise<{ fulfilled?: OrderRow; overLimit?: OrderRow }> => {
      const { recharge, wallet } = tx;
      // The account first, then the order: the lock order of order creation, so they never deadlock.
      await recharge.lockAccount(paid.uid);
      const order = await recharge.order(orderNo, { lock: true });
      if (!order || order.status !== 'paid') return {};
      const over = await this.deps.limits.exceeded(tx, order, now, 'credit');
      if (over) {
        const held = order.reason === over.reason ? order : await recharge.transition(order.orderNo, ['paid'], { reason: over.reason });
        return held ? { overLimit: held } : {};
      }
      await wallet.grant(order.uid, order.contents, `order:${order.orderNo}`, order.kind === 'product' ? 'topup' : 'gift_pack');
      const fulfilled = await recharge.transition(order.orderNo, ['paid'], { status: 'fulfilled', fulfilledAt: now });
      // What other modules add to a credit (a parent's notice) is written with it, so exactly once.
      if (fulfilled) for (const step of this.#creditSteps) await step(tx, fulfilled, now);
      return fulfilled ? { fulfilled } : {};
    });
    if (result.overLimit) {
      await this.deps.refunds.refundOverLimit(result.overLimit);
      return false;
    }
    const fulfilled = result.fulfilled;
    if (!fulfilled) return false;
    for (const listener of this.#creditListeners) await listener(fulfilled).catch((error: unknown) => this.deps.log.error({ err: error, orderNo }, 'after-credit work failed'));
    if (fulfilled.email) {
      await this.deps.receipts.send(fulfilled, fulfilled.email, fulfilled.paidAt ?? now).catch((error: unknown) => this.deps.log.error({ err: error, orderNo }, 'receipt not sent'));
    }
    return true;
  }
}
