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

/** Writes nothing yet: the mailer (apps/server/src/shared/mailer.ts) is wired in by the lead. */
export const noReceipts: ReceiptSender = {
  async send() {},
};
