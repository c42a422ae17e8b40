import { AppError } from '@vsp/contract/app-error';
import { ORDER_SEARCH_LIMIT, UNCREDITED_ORDERS_LIMIT, type OrderDetail, type OrderRecheck, type TimelineEvent } from '@vsp/contract/endpoints/console-operations';
import type { Order } from '@vsp/contract/endpoints/recharge';
import { Errors } from '@vsp/contract/error-codes';
import { currencyExponent } from '@vsp/contract/wallet-assets';
import type { AuditEvent, AuditRepository } from '../audit';
import type { WalletRepository } from '../wallet';
import type { RechargeRepository } from './recharge.repository';
import type { Reconciler } from './reconciler';
import { orderView } from './recharge.service';
import { ORDER_REFUND_ACTION, type Refunds } from './refunds';

export interface OrderSupportDeps {
  orders: Pick<RechargeRepository, 'order' | 'ordersOf' | 'notificationsFor' | 'paidNotFulfilled' | 'awaitingWithCheckout'>;
  refunds: Pick<Refunds, 'refund'>;
  reconciler: Pick<Reconciler, 'recheck'>;
  wallet: Pick<WalletRepository, 'entriesFor'>;
  auditLog: Pick<AuditRepository, 'of'>;
  /** The operator's re-check: a record of the question to the provider and its answer. */
  auditEvent: AuditEvent;
  now: () => number;
}

const RECHECK_ACTION = 'order.recheck';
const ms = (date: Date | null) => (date ? date.getTime() : null);

/**
 * What operators do to answer payers: find orders, read an order's timeline, re-check an order with
 * its provider, refund it (both audited with the order's state before and after).
 */
export class OrderSupportService {
  constructor(private readonly deps: OrderSupportDeps) {}

  /** An account ID (all digits) lists that account's newest orders; anything else is an order number. */
  async searchOrders(q: string): Promise<Order[]> {
    const query = q.trim();
    if (/^\d+$/.test(query)) return (await this.deps.orders.ordersOf(Number(query), ORDER_SEARCH_LIMIT)).map(orderView);
    const order = await this.deps.orders.order(query.toUpperCase());
    return order ? [orderView(order)] : [];
  }

  /**
   * The reconciler's work queue as operators read it: orders paid and not credited yet (oldest
   * payment first), then orders whose checkout is open with no word from the provider (status
   * awaiting_payment: a payment whose notification was lost looks exactly like this until the
   * provider is asked; decision 0151).
   */
  async uncredited(): Promise<Order[]> {
    const paid = await this.deps.orders.paidNotFulfilled(UNCREDITED_ORDERS_LIMIT);
    const unheard = paid.length < UNCREDITED_ORDERS_LIMIT ? await this.deps.orders.awaitingWithCheckout(new Date(this.deps.now()), UNCREDITED_ORDERS_LIMIT - paid.length) : [];
    return [...paid, ...unheard].map(orderView);
  }

  /**
   * The order's life from what is stored: the order row (created, paid, and how it ended), every
   * provider notification as received (with its outcome), the ledger entries that credited it,
   * and the operators' re-checks. Oldest first; events without a stored time come last.
   */
  async orderDetail(orderNo: string): Promise<OrderDetail> {
    const order = await this.deps.orders.order(orderNo);
    if (!order) throw new AppError(Errors.OrderNotFound);
    const [notifications, credits, reversals, rechecks, refunds] = await Promise.all([
      this.deps.orders.notificationsFor(orderNo),
      this.deps.wallet.entriesFor(`order:${orderNo}`),
      this.deps.wallet.entriesFor(`refund:${orderNo}`),
      this.deps.auditLog.of(`order:${orderNo}`, RECHECK_ACTION),
      this.deps.auditLog.of(`order:${orderNo}`, ORDER_REFUND_ACTION),
    ]);
    const digits = currencyExponent(order.currency);
    const price = `${(order.priceMinor / 10 ** digits).toFixed(digits)} ${order.currency}`;
    const timeline: TimelineEvent[] = [
      { kind: 'created', at: ms(order.createdAt), assets: order.contents.map(({ asset, quantity }) => ({ asset, quantity })), detail: `for ${price} via ${order.paymentMethodName} (${order.provider})` },
    ];
    for (const n of notifications) {
      const repeats = n.deliveries > 1 ? `, delivered ${n.deliveries} times` : '';
      timeline.push({ kind: 'notification', at: ms(n.receivedAt), assets: [], detail: `${n.type}: ${n.outcome ?? 'not applied yet'}${repeats}` });
    }
    if (order.paidAt) timeline.push({ kind: 'paid', at: ms(order.paidAt), assets: [], detail: `paid at ${order.provider}${order.providerRef ? ` (${order.providerRef})` : ''}` });
    if (credits.length > 0) {
      const at = Math.min(...credits.map((c) => c.createdAt.getTime()));
      timeline.push({ kind: 'credited', at, assets: credits.map((c) => ({ asset: c.asset, quantity: c.delta })), detail: `to account ${order.uid}` });
    }
    if (order.status === 'failed') {
      const declined = notifications.find((n) => n.outcome === 'failed');
      timeline.push({ kind: 'failed', at: ms(declined?.receivedAt ?? null), assets: [], detail: order.reason ?? 'failed' });
    } else if (order.status === 'expired') {
      timeline.push({ kind: 'expired', at: ms(order.expiresAt), assets: [], detail: order.reason ?? 'expired' });
    } else if (order.status === 'cancelled') {
      timeline.push({ kind: 'cancelled', at: null, assets: [], detail: order.reason ?? 'cancelled' });
    } else if (order.status === 'refunded') {
      const by = refunds.find((r) => (r.after as { status?: string } | null)?.status === 'refunded');
      // An operator here, or someone at the provider (its notification made the refund).
      const who = by ? (by.actorUid !== null ? ` by operator ${by.actorUid}` : ` reported by ${order.provider}, not made here`) : '';
      timeline.push({
        kind: 'refunded',
        at: ms(order.refundedAt),
        assets: reversals.map((c) => ({ asset: c.asset, quantity: c.delta })),
        detail: `${price} refunded at ${order.provider}${order.refundRef ? ` (${order.refundRef})` : ''}${who}`,
      });
    }
    for (const r of rechecks) {
      const after = (r.after ?? {}) as { providerState?: string; outcome?: string };
      timeline.push({ kind: 'recheck', at: ms(r.at), assets: [], detail: `operator ${r.actorUid ?? r.actorName}: provider said ${after.providerState ?? '?'}, ${after.outcome ?? '?'}` });
    }
    const sorted = timeline.map((event, index) => ({ event, index }));
    sorted.sort((a, b) => (a.event.at ?? Infinity) - (b.event.at ?? Infinity) || a.index - b.index);
    return { order: orderView(order), provider: order.provider, timeline: sorted.map((e) => e.event) };
  }

  /**
   * Refunds a fulfilled order in full (decision 0133), audited. An order that is already refunded
   * (by a repeat, another operator at the same moment, or the provider) answers 10120 and changes
   * nothing: only the call that refunded it answers success (issue 31).
   */
  async refundOrder(actorUid: number, orderNo: string): Promise<OrderDetail> {
    // The refund's audit entry, naming the operator, commits with the refund.
    const { refunded } = await this.deps.refunds.refund(orderNo, { actorUid });
    if (!refunded) throw new AppError(Errors.OrderNotRefundable);
    return this.orderDetail(orderNo);
  }

  /** Asks the provider about the order now; a paid answer credits it once. Audited. */
  async recheckOrder(actorUid: number, orderNo: string): Promise<OrderRecheck> {
    const before = await this.deps.orders.order(orderNo);
    if (!before) throw new AppError(Errors.OrderNotFound);
    const result = await this.deps.reconciler.recheck(orderNo);
    const after = (await this.deps.orders.order(orderNo))!;
    // The provider was asked: a record of the question and its answer (a credit it led to commits in its own transaction).
    await this.deps.auditEvent({ actorUid, action: RECHECK_ACTION, target: `order:${orderNo}`, before: { status: before.status }, after: { status: after.status, ...result } });
    return { ...result, detail: await this.orderDetail(orderNo) };
  }
}
