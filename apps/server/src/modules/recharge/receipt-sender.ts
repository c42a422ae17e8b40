import { sitePaths } from '@vsp/contract/site-paths';
import { formatPrice, type PackLine } from '@vsp/contract/wallet-assets';
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
}

/** What the payer's mail says about an order refunded in full. */
export interface RefundNotice extends Omit<Receipt, 'paidAt'> {
  refundedAt: Date;
}

/** Sends the optional receipt of a fulfilled order, and the notice of a refund; the mail transport arrives with the mailer. */
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
 * this server can make (decision 0128), never just the order number.
 */
export function receiptLink(publicUrl: string, secret: string, orderNo: string): string {
  const query = new URLSearchParams({ order: orderNo, token: receiptToken(secret, orderNo) });
  return `${publicUrl}${sitePaths.receipt}?${query.toString()}`;
}

/** Receipts through the platform mailer (SMTP, or .eml files in DATA_DIR/outbox), with the receipt page's link. */
export function mailedReceipts(
  mailer: { send(message: { to: string; subject: string; text: string }): Promise<void> },
  links: { publicUrl: string; secret: string },
): ReceiptSender {
  return {
    async send(receipt) {
      const lines = receipt.contents.map((line) => `  - ${line.quantity} x ${line.asset.replace(/_/g, ' ')}`);
      await mailer.send({
        to: receipt.email,
        subject: `Avatar Party top-up receipt ${receipt.orderNo}`,
        text: [
          'Thank you for your purchase. Return to the app to check your items.',
          '',
          `Order number: ${receipt.orderNo}`,
          `Account ID: ${receipt.uid}`,
          `Paid: ${formatPrice(receipt.priceMinor, receipt.currency)} by ${receipt.paymentMethod}`,
          `Date: ${receipt.paidAt.toISOString()}`,
          'Contents:',
          ...lines,
          '',
          `Your receipt, to view or print in your language: ${receiptLink(links.publicUrl, links.secret, receipt.orderNo)}`,
        ].join('\n'),
      });
    },
    async sendRefund(notice) {
      const lines = notice.contents.map((line) => `  - ${line.quantity} x ${line.asset.replace(/_/g, ' ')}`);
      await mailer.send({
        to: notice.email,
        subject: `Avatar Party refund ${notice.orderNo}`,
        text: [
          `Your order ${notice.orderNo} has been refunded in full.`,
          `${formatPrice(notice.priceMinor, notice.currency)} goes back to your ${notice.paymentMethod}; your bank or wallet may take a few days to show it.`,
          '',
          `Account ID: ${notice.uid}`,
          `Refunded: ${notice.refundedAt.toISOString()}`,
          'These items were taken back from the account:',
          ...lines,
          '',
          `The order and its receipt, in your language: ${receiptLink(links.publicUrl, links.secret, notice.orderNo)}`,
        ].join('\n'),
      });
    },
  };
}
