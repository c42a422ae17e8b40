import type { PackLine } from '@vsp/contract/wallet-assets';

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

/** Sends the optional receipt of a fulfilled order; the mail transport arrives with the mailer. */
export interface ReceiptSender {
  send(receipt: Receipt): Promise<void>;
}

/** Sends nothing (tests that do not look at receipts). */
export const noReceipts: ReceiptSender = {
  async send() {},
};

function formatPrice(minor: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(minor / 100);
}

/** Receipts through the platform mailer (SMTP, or .eml files in DATA_DIR/outbox). */
export function mailedReceipts(mailer: { send(message: { to: string; subject: string; text: string }): Promise<void> }): ReceiptSender {
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
        ].join('\n'),
      });
    },
  };
}
