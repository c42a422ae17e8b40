/**
 * What the shop needs from a payment provider, whoever it is: a hosted checkout for an order, a
 * verified reading of the provider's notifications, a way to ask about or close a checkout when
 * no notification came, and a full refund of a paid one. The sandbox gateway and the Stripe adapter implement it.
 */

export type ProviderName = 'sandbox' | 'stripe';

export interface CheckoutRequest {
  orderNo: string;
  amountMinor: number;
  currency: string;
  description: string;
  /** Where the payer returns after paying or leaving: a path of this site. */
  returnPath: string;
  expiresAt: Date;
  email?: string | null;
}

export interface Checkout {
  /** The provider's id of the checkout (stored on the order). */
  reference: string;
  /** Where the payer pays (absolute, or a path on this server for the sandbox). */
  checkoutUrl: string;
}

/**
 * paid: money taken; failed: declined; expired: the checkout closed unpaid; refunded: the provider
 * returned the payment (asked by us, or by someone at the provider: its dashboard, its support);
 * ignored: nothing for us.
 */
export type PaymentOutcome = 'paid' | 'failed' | 'expired' | 'refunded' | 'ignored';

export interface PaymentEvent {
  /** The provider's unique event id: the unit of idempotency. */
  eventId: string;
  orderNo: string;
  reference: string;
  outcome: PaymentOutcome;
  /** The amount the provider says was paid (or, refunded, returned), to be checked against the order. */
  amountMinor?: number;
  currency?: string;
  type: string;
  /**
   * Set only on the events the service makes itself from asking the provider's API about its own
   * checkout; a notification (anyone can post one) never has it, and is refused without an amount.
   */
  fromInquiry?: true;
}

/** The provider's current view of a checkout: open (or still confirming), or a final outcome. */
export type CheckoutState = 'open' | Exclude<PaymentOutcome, 'ignored' | 'refunded'>;

/** The money of an order to return in full. */
export interface RefundRequest {
  orderNo: string;
  amountMinor: number;
  currency: string;
}

/** The provider's id of the refund it made (the same one when asked again for the same order). */
export interface Refund {
  reference: string;
}

/** The provider said no: the payment is not refundable there (unpaid, disputed, already returned). */
export class RefundRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RefundRefused';
  }
}

export class NotificationRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotificationRejected';
  }
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Verifies the signature over the raw body and reads the event; throws NotificationRejected. A
   * verified event that does not name its order may be completed by asking the provider (async).
   */
  verifyNotification(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent | Promise<PaymentEvent>;
  retrieve(reference: string): Promise<CheckoutState>;
  /** Closes a checkout so it can no longer be paid (order expired or invalidated). */
  expire(reference: string): Promise<void>;
  /**
   * Returns the whole payment of a paid checkout. Idempotent per order: asking again answers the
   * refund already made, never a second one. Throws RefundRefused when the provider says no.
   */
  refund(reference: string, request: RefundRequest): Promise<Refund>;
}

export type PaymentProviders = ReadonlyMap<string, PaymentProvider>;
