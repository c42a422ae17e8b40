import { AppError } from '@vsp/contract/app-error';
import type { MyOrders, Order, OrderRecord, PayerTimelineEvent } from '@vsp/contract/endpoints/recharge';
import { Errors } from '@vsp/contract/error-codes';
import { UNPAID_STATUSES, type RechargeRepository } from './recharge.repository';
import type { OrderExpiry } from './order-expiry';
import { orderView, type RechargeService } from './recharge.service';
import { receiptTokenMatches } from './receipt-token';

export interface OrderHistoryDeps {
  orders: Pick<RechargeRepository, 'ordersPage' | 'countOrdersOf'>;
  recharge: Pick<RechargeService, 'order'>;
  expiry: Pick<OrderExpiry, 'expireOverdue'>;
  receiptSecret: string;
  now: () => number;
}

/** An order with its life as its payer reads it, from the order's stored times; oldest first. */
function record(order: Order): OrderRecord {
  const timeline: PayerTimelineEvent[] = [{ kind: 'created', at: order.createdAt }];
  if (order.paidAt) timeline.push({ kind: 'paid', at: order.paidAt });
  if (order.fulfilledAt) timeline.push({ kind: 'fulfilled', at: order.fulfilledAt });
  if (order.refundedAt) timeline.push({ kind: 'refunded', at: order.refundedAt });
  if (order.status === 'expired') timeline.push({ kind: 'expired', at: order.expiresAt });
  else if (order.status === 'failed' || order.status === 'cancelled') timeline.push({ kind: order.status, at: null });
  return { order, timeline };
}

/**
 * What a payer reads of their orders (issue 19): the signed-in player's history of the orders made
 * for their account, and one order's receipt for its owner or for whoever holds its mailed link.
 */
export class OrderHistoryService {
  constructor(private readonly deps: OrderHistoryDeps) {}

  async history(uid: number, page: number, pageSize: number): Promise<MyOrders> {
    const read = () => Promise.all([this.deps.orders.ordersPage(uid, (page - 1) * pageSize, pageSize), this.deps.orders.countOrdersOf(uid)]);
    let [rows, total] = await read();
    // An unpaid order past its expiry reads as expired, as the order inquiry answers it.
    const now = this.deps.now();
    if (rows.some((r) => UNPAID_STATUSES.includes(r.status) && r.expiresAt.getTime() <= now)) {
      await this.deps.expiry.expireOverdue();
      [rows, total] = await read();
    }
    return { orders: rows.map((row) => record(orderView(row))), page, pageSize, total };
  }

  /**
   * The receipt of one order: for the signed-in owner of its account, or with the mailed link's
   * token. Anyone else learns nothing, not even that the order exists (10046).
   */
  async receipt(orderNo: string, by: { viewerUid?: number | undefined; token?: string | undefined }): Promise<OrderRecord> {
    const tokenFits = by.token !== undefined && receiptTokenMatches(this.deps.receiptSecret, orderNo, by.token);
    if (!tokenFits && by.viewerUid === undefined) throw new AppError(Errors.OrderNotFound);
    const order = await this.deps.recharge.order(orderNo);
    if (!tokenFits && by.viewerUid !== order.uid) throw new AppError(Errors.OrderNotFound);
    return record(order);
  }
}
