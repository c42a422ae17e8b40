import { sitePaths } from '@vsp/contract/site-paths';
import type { Mails } from '../../shared/mails/mails';
import { receiptToken } from './receipt-token';
import type { OrderRow } from './recharge.repository';

/** Sends the payer of an order its receipt once credited, and the notice of a refund, to `email`. */
export interface ReceiptSender {
  send(order: OrderRow, email: string, paidAt: Date): Promise<void>;
  sendRefund(order: OrderRow, email: string, refundedAt: Date): Promise<void>;
}

/**
 * The receipt page of an order, for a payer who is not signed in: its link carries a token only
 * this server can make (decision 0128), never just the order number. A path of the website; the
 * mail makes it absolute on the public URL.
 */
export function receiptPath(secret: string, orderNo: string): string {
  const query = new URLSearchParams({ order: orderNo, token: receiptToken(secret, orderNo) });
  return `${sitePaths.receipt}?${query.toString()}`;
}

/**
 * Receipts and refund notices through the platform's mails, in the language the payer used when
 * ordering (stored with the order), with the receipt page's link.
 */
export function mailedReceipts(mails: Mails, secret: string): ReceiptSender {
  const data = (order: OrderRow) => ({
    orderNo: order.orderNo,
    uid: order.uid,
    contents: order.contents,
    priceMinor: order.priceMinor,
    currency: order.currency,
    paymentMethod: order.paymentMethodName,
    receiptPath: receiptPath(secret, order.orderNo),
  });
  return {
    send: (order, to, paidAt) => mails.send('receipt', { to, lang: order.lang, data: { ...data(order), paidAt } }),
    sendRefund: (order, to, refundedAt) => mails.send('refund', { to, lang: order.lang, data: { ...data(order), refundedAt } }),
  };
}
