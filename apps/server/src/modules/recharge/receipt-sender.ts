import { sitePaths } from '@vsp/contract/site-paths';
import type { PackLine } from '@vsp/contract/wallet-assets';
import type { Mails } from '../../shared/mails/mails';
import { receiptToken } from './receipt-token';

/** What a payer's receipt e-mail says about a fulfilled order. */
export interface Receipt {
  orderNo: string;
  email: string;
  uid: number;
  contents: readonly PackLine[];
  priceMinor: number;
  currency: string;
  paymentMethod: string;
  paidAt: Date;
  /** The language the payer used when ordering (stored with the order). */
  lang: string;
}

/** What the payer's mail says about an order refunded in full. */
export interface RefundNotice extends Omit<Receipt, 'paidAt'> {
  refundedAt: Date;
}

/** Sends the optional receipt of a fulfilled order, and the notice of a refund. */
export interface ReceiptSender {
  send(receipt: Receipt): Promise<void>;
  sendRefund(notice: RefundNotice): Promise<void>;
}

/** Sends nothing (tests that do not look at receipts). */
export const noReceipts: ReceiptSender = {
  async send() {},
  async sendRefund() {},
};

/**
 * The receipt page of an order, for a payer who is not signed in: its link carries a token only
 * this server can make (decision 0128), never just the order number. A path of the website; the
 * mail makes it absolute on the public URL.
 */
export function receiptPath(secret: string, orderNo: string): string {
  const query = new URLSearchParams({ order: orderNo, token: receiptToken(secret, orderNo) });
  return `${sitePaths.receipt}?${query.toString()}`;
}

/** Receipts and refund notices through the platform's mails, in the language the payer used, with the receipt page's link. */
export function mailedReceipts(mails: Mails, secret: string): ReceiptSender {
  const order = ({ orderNo, uid, contents, priceMinor, currency, paymentMethod }: Omit<Receipt, 'paidAt' | 'email' | 'lang'>) => ({
    orderNo,
    uid,
    contents,
    priceMinor,
    currency,
    paymentMethod,
    receiptPath: receiptPath(secret, orderNo),
  });
  return {
    send: (receipt) => mails.send('receipt', { to: receipt.email, lang: receipt.lang, data: { ...order(receipt), paidAt: receipt.paidAt } }),
    sendRefund: (notice) => mails.send('refund', { to: notice.email, lang: notice.lang, data: { ...order(notice), refundedAt: notice.refundedAt } }),
  };
}
