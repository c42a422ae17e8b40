import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import type { AccountsRepository } from '../accounts';
import type { AuditTrail } from '../audit';
import { RefundRefused, type PaymentProviders, type Refund } from '../payments';
import type { ReceiptSender } from './receipt-sender';
import type { OrderRow, RechargeRepository } from './recharge.repository';
import type { RechargeLogger, RechargeTx, RunInTransaction } from './recharge-tx';

/** The audit action of a refund, whoever made it (an operator, the provider's notification, a limit). */
export const ORDER_REFUND_ACTION = 'order.refund';
/** Who the audit names for the automatic refund of a payment over a receiving limit. */
export const OVER_LIMIT_ACTOR = 'system:receiving-limit';

/** Who refunded: an operator, or a name (the provider's notification, a receiving limit). */
export type RefundActor = { actorUid: number } | { actorName: string };

export interface RefundsDeps {
  recharge: Pick<RechargeRepository, 'order'>;
  accounts: Pick<AccountsRepository, 'findByUid'>;
  transaction: RunInTransaction;
  providers: PaymentProviders;
  receipts: ReceiptSender;
  audit: AuditTrail;
  now: () => number;
  log: RechargeLogger;
}

/**
 * Money going back (decision 0133): an operator's refund of a credited order, the provider's own
 * refund, and a payment that arrived over a receiving limit. Each is marked in one transaction with
 * its ledger reversal and its audit entry, and the payer is told by mail.
 */
export class Refunds {
  constructor(private readonly deps: RefundsDeps) {}

  /**
   * Refunds a fulfilled order in full: the provider returns the money first (asked again, it answers
   * the same refund), then one transaction writes the reversing ledger entries under
   * `refund:<orderNo>` (a balance may go negative), marks the order refunded and records who did it.
   * A repeat, or a second operator at the same moment, finds it refunded and changes nothing.
   * Answers the order and whether this call refunded it.
   */
  async refund(orderNo: string, actor: RefundActor): Promise<{ order: OrderRow; refunded: boolean }> {
    const order = await this.deps.recharge.order(orderNo);
    if (!order) throw new AppError(Errors.OrderNotFound);
    if (order.status === 'refunded') return { order, refunded: false };
    if (order.status !== 'fulfilled') throw new AppError(Errors.OrderNotRefundable);
    const provider = this.deps.providers.get(order.provider);
    if (!provider || !order.providerRef) throw new AppError(Errors.RefundRefused);
    const refund = await provider.refund(order.providerRef, { orderNo, amountMinor: order.priceMinor, currency: order.currency }).catch((error: unknown) => {
      if (!(error instanceof RefundRefused)) throw error;
      this.deps.log.warn({ orderNo, reason: error.message }, 'refund refused by the provider');
      throw new AppError(Errors.RefundRefused);
    });
    const refunded = await this.#markAfterProviderRefund(orderNo, 'fulfilled', refund, actor);
    if (refunded) return { order: refunded, refunded: true };
    // The provider's notification of this very refund may have landed first: refunded once, here or there.
    const now = await this.deps.recharge.order(orderNo);
    if (now?.status === 'refunded') return { order: now, refunded: false };
    throw new AppError(Errors.OrderNotRefundable);
  }

  /**
   * Gives back a payment that arrived over a receiving limit: the provider returns it (asked again,
   * it answers the same refund), then the order, still paid and never credited, becomes refunded and
   * the payer is told. When the provider cannot refund now, the order stays paid with its reason and
   * the reconciler's next pass over paid orders tries again (checking the limit again first).
   */
  async refundOverLimit(order: OrderRow): Promise<void> {
    const provider = this.deps.providers.get(order.provider);
    if (!provider || !order.providerRef) {
      this.deps.log.error({ orderNo: order.orderNo }, 'payment over a limit cannot be refunded automatically');
      return;
    }
    const refund = await provider.refund(order.providerRef, { orderNo: order.orderNo, amountMinor: order.priceMinor, currency: order.currency }).catch((error: unknown) => {
      this.deps.log.error({ err: error, orderNo: order.orderNo }, 'payment over a limit not refunded yet; the reconciler tries again');
    });
    if (refund) await this.#markAfterProviderRefund(order.orderNo, 'paid', refund, { actorName: OVER_LIMIT_ACTOR });
  }

  /**
   * After the provider returned the money: marks the order refunded while it is still `from` under
   * its row lock, and tells the payer. Undefined when it no longer is: the provider's notice of this
   * very refund landed first and did the same.
   */
  async #markAfterProviderRefund(orderNo: string, from: 'fulfilled' | 'paid', refund: Refund, actor: RefundActor): Promise<OrderRow | undefined> {
    const at = new Date(this.deps.now());
    const refunded = await this.deps.transaction(async (tx) => {
      const locked = await tx.recharge.order(orderNo, { lock: true });
      return locked?.status === from ? this.markRefunded(tx, locked, at, refund.reference, actor) : undefined;
    });
    if (refunded) await this.tellRefunded(refunded, at);
    return refunded;
  }

  /**
   * The one way an order becomes refunded, inside the caller's transaction under the order's row
   * lock: a credited (fulfilled) order's credit is reversed by ledger entries under
   * `refund:<orderNo>` (a balance may go negative); a paid order not yet credited is never credited.
   * The audit entry naming `actor` commits with it.
   */
  async markRefunded(tx: RechargeTx, order: OrderRow, at: Date, refundRef: string, actor: RefundActor): Promise<OrderRow | undefined> {
    if (order.status === 'fulfilled') {
      const reversal = order.contents.map((line) => ({ ...line, quantity: -line.quantity }));
      await tx.wallet.grant(order.uid, reversal, `refund:${order.orderNo}`, 'refund');
    }
    const refunded = await tx.recharge.transition(order.orderNo, [order.status], { status: 'refunded', refundedAt: at, refundRef });
    if (refunded) {
      const after = { status: refunded.status, ...(refunded.reason ? { reason: refunded.reason } : {}), refundRef: refunded.refundRef };
      await this.deps.audit({ ...actor, action: ORDER_REFUND_ACTION, target: `order:${order.orderNo}`, before: { status: order.status }, after }, tx.on);
    }
    return refunded;
  }

  /** Mails the payer (the order's address, else the account's, unless it was erased) that the money went back. */
  async tellRefunded(order: OrderRow, at: Date): Promise<void> {
    const account = order.email ? undefined : await this.deps.accounts.findByUid(order.uid);
    const email = order.email ?? (account && !account.erasedAt ? account.email : undefined);
    if (!email) return;
    await this.deps.receipts.sendRefund(order, email, at).catch((error: unknown) => this.deps.log.error({ err: error, orderNo: order.orderNo }, 'refund notice not sent'));
  }
}
