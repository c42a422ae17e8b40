import Stripe from 'stripe';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import { NotificationRejected, RefundRefused, type Checkout, type CheckoutRequest, type CheckoutState, type PaymentEvent, type PaymentProvider, type Refund, type RefundRequest } from '../payment-provider';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Absolute origin the payer returns to (PUBLIC_URL). */
  publicUrl: string;
  /** A ready client (tests pass one with an offline HTTP client). */
  client?: Stripe;
}

interface SessionLike {
  id: string;
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
  payment_status?: string;
  status?: string | null;
  amount_total?: number | null;
  currency?: string | null;
  payment_intent?: string | { id: string } | null;
}

/** The fields of a refunded charge (`amount_refunded`) or a dispute (chargeback, `amount`) that their notifications need. */
interface ReturnedLike {
  id: string;
  metadata?: Record<string, string> | null;
  payment_intent?: string | { id: string } | null;
  amount_refunded?: number | null;
  amount?: number | null;
  currency?: string | null;
}

type StripeEvent = { id: string; type: string; data: { object: unknown } };

/** Our event from Stripe's: the amount and currency when Stripe states them. */
function paymentEvent(event: StripeEvent, orderNo: string, reference: string, outcome: PaymentEvent['outcome'], amount: number | null | undefined, currency: string | null | undefined): PaymentEvent {
  return {
    eventId: event.id,
    orderNo,
    reference,
    outcome,
    ...(typeof amount === 'number' ? { amountMinor: amount } : {}),
    ...(currency ? { currency: currency.toUpperCase() } : {}),
    type: event.type,
  };
}

/** A checkout session completed with money taken, or still waiting for an asynchronous method. */
function outcomeOf(type: string, session: SessionLike): PaymentEvent['outcome'] {
  switch (type) {
    case 'checkout.session.completed':
      return session.payment_status === 'paid' ? 'paid' : 'ignored';
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    case 'checkout.session.async_payment_failed':
      return 'failed';
    case 'checkout.session.expired':
      return 'expired';
    default:
      return 'ignored';
  }
}

/**
 * Stripe Checkout behind the provider interface, enabled when STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET are set. The order number travels as client_reference_id and metadata;
 * the webhook is verified by the library against the raw body and the endpoint secret.
 */
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const stringOrNone = (value: unknown) => value === undefined || value === null || typeof value === 'string';
const numberOrNone = (value: unknown) => value === undefined || value === null || (typeof value === 'number' && Number.isFinite(value));

/**
 * The fields of an event this provider reads have the types it reads them as: an id and a type,
 * `data.object` an object whose id, references, amounts, currency, states and metadata are what
 * Stripe documents (or absent). Anything else is refused before it is read.
 */
function wellFormedEvent(event: unknown): event is StripeEvent {
  if (!isRecord(event) || typeof event.id !== 'string' || event.id === '' || typeof event.type !== 'string') return false;
  if (!isRecord(event.data) || !isRecord(event.data.object)) return false;
  const o = event.data.object;
  if (typeof o.id !== 'string') return false;
  if (![o.client_reference_id, o.currency, o.payment_status, o.status].every(stringOrNone)) return false;
  if (![o.amount_total, o.amount_refunded, o.amount].every(numberOrNone)) return false;
  if (!(o.metadata === undefined || o.metadata === null || (isRecord(o.metadata) && stringOrNone(o.metadata.orderNo)))) return false;
  const intent = o.payment_intent;
  return intent === undefined || intent === null || typeof intent === 'string' || (isRecord(intent) && typeof intent.id === 'string');
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly #stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    this.#stripe = options.client ?? new Stripe(options.secretKey, { maxNetworkRetries: 2, timeout: 15_000 });
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const back = `${this.options.publicUrl}${request.returnPath}`;
    const session = await this.#stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: request.orderNo,
        metadata: { orderNo: request.orderNo },
        // Stripe copies a payment intent's metadata to its charge: a refund made in Stripe's
        // dashboard (charge.refunded) then names the order too.
        payment_intent_data: { metadata: { orderNo: request.orderNo } },
        line_items: [
          {
            quantity: 1,
            price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amountMinor, product_data: { name: request.description } },
          },
        ],
        success_url: back,
        cancel_url: back,
        // Stripe accepts 30 minutes to 24 hours.
        expires_at: Math.max(Math.ceil(request.expiresAt.getTime() / 1000), Math.ceil(Date.now() / 1000) + 31 * 60),
        ...(request.email ? { customer_email: request.email } : {}),
      },
      { idempotencyKey: `checkout-${request.orderNo}` },
    );
    if (!session.url) throw new Error('stripe returned a session without a url');
    return { reference: session.id, checkoutUrl: session.url };
  }

  async verifyNotification(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<PaymentEvent> {
    const header = headers['stripe-signature'];
    if (!header) throw new NotificationRejected('missing stripe-signature');
    let event: StripeEvent;
    try {
      event = this.#stripe.webhooks.constructEvent(rawBody, header, this.options.webhookSecret) as unknown as typeof event;
    } catch (error) {
      throw new NotificationRejected(error instanceof Error ? error.message : 'stripe signature');
    }
    // Signed is not well-formed: a field missing or of another type is refused with 4xx, so the
    // provider stops retrying an event no retry can mend (issue 28), instead of failing with 5xx.
    if (!wellFormedEvent(event)) throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'event', rule: 'malformed' }] });
    const returned = await this.#moneyReturned(event);
    if (returned) return returned;
    const session = event.data.object as SessionLike;
    const orderNo = session.client_reference_id ?? session.metadata?.orderNo ?? '';
    const outcome = event.type.startsWith('checkout.session.') && orderNo ? outcomeOf(event.type, session) : 'ignored';
    return paymentEvent(event, orderNo, session.id, outcome, session.amount_total, session.currency);
  }

  /**
   * A refund (ours, or made in Stripe's dashboard) or a chargeback whose money was withdrawn: for
   * the order, money returned, with the amount that says whether all of it. Undefined for any other
   * event.
   */
  async #moneyReturned(event: StripeEvent): Promise<PaymentEvent | undefined> {
    const refund = event.type === 'charge.refunded';
    if (!refund && event.type !== 'charge.dispute.funds_withdrawn') return undefined;
    const returned = event.data.object as ReturnedLike;
    // A dispute carries no metadata: its order is always asked of Stripe.
    const orderNo = (refund && returned.metadata?.orderNo) || (await this.#orderOfPayment(returned.payment_intent));
    return paymentEvent(event, orderNo, returned.id, orderNo ? 'refunded' : 'ignored', refund ? returned.amount_refunded : returned.amount, returned.currency);
  }

  /**
   * The order a payment belongs to, asked of Stripe: the checkout session that made the payment
   * intent names it. For refunds of checkouts made before the order went on the payment intent,
   * and for disputes, which carry no metadata. Empty when Stripe knows no such checkout of ours.
   */
  async #orderOfPayment(paymentIntent: string | { id: string } | null | undefined): Promise<string> {
    const id = typeof paymentIntent === 'string' ? paymentIntent : paymentIntent?.id;
    if (!id) return '';
    let sessions;
    try {
      sessions = await this.#stripe.checkout.sessions.list({ payment_intent: id, limit: 1 });
    } catch (error) {
      // Stripe's API is away: answer 503, and Stripe sends the event again later.
      throw new AppError(Errors.ServerUnavailable, { message: error instanceof Error ? error.message : 'stripe lookup failed' });
    }
    const session = sessions.data[0] as SessionLike | undefined;
    return session?.client_reference_id ?? session?.metadata?.orderNo ?? '';
  }

  async retrieve(reference: string): Promise<CheckoutState> {
    const session = (await this.#stripe.checkout.sessions.retrieve(reference)) as unknown as SessionLike;
    if (session.payment_status === 'paid') return 'paid';
    if (session.status === 'expired') return 'expired';
    return 'open';
  }

  async expire(reference: string): Promise<void> {
    try {
      await this.#stripe.checkout.sessions.expire(reference);
    } catch (error) {
      // Already completed or expired: nothing left to close.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    }
  }

  /**
   * Refunds the checkout's payment intent in full. The idempotency key is the order's, so a repeat
   * (a second operator, a retry after a crash) answers the same refund; a payment Stripe already
   * returned answers that refund. Stripe's own refusals become RefundRefused.
   */
  async refund(reference: string, request: RefundRequest): Promise<Refund> {
    const session = (await this.#stripe.checkout.sessions.retrieve(reference)) as unknown as SessionLike;
    const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (session.payment_status !== 'paid' || !intent) throw new RefundRefused('checkout session is not paid');
    if (session.amount_total !== request.amountMinor || session.currency?.toUpperCase() !== request.currency) throw new RefundRefused('amount or currency differs from the payment');
    try {
      const refund = await this.#stripe.refunds.create({ payment_intent: intent, metadata: { orderNo: request.orderNo } }, { idempotencyKey: `refund-${request.orderNo}` });
      if (refund.status === 'failed' || refund.status === 'canceled') throw new RefundRefused(`refund ${refund.status}`);
      return { reference: refund.id };
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      if (error.code === 'charge_already_refunded') {
        const earlier = await this.#stripe.refunds.list({ payment_intent: intent, limit: 1 });
        if (earlier.data[0]) return { reference: earlier.data[0].id };
      }
      throw new RefundRefused(error.code ?? error.message);
    }
  }
}
