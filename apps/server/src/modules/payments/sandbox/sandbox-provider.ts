import { NotificationRejected, RefundRefused, type Checkout, type CheckoutRequest, type CheckoutState, type PaymentEvent, type PaymentProvider, type Refund, type RefundRequest } from '../payment-provider';
import type { SandboxEventBody, SandboxGateway } from './sandbox-gateway';
import { SANDBOX_SIGNATURE_HEADER, verifySandboxSignature } from './sandbox-signature';

export const SANDBOX_CHECKOUT_PREFIX = '/sandbox/checkout/';

const SANDBOX_OUTCOMES = new Map<string, PaymentEvent['outcome']>([
  ['payment.succeeded', 'paid'],
  ['payment.failed', 'failed'],
  ['payment.refunded', 'refunded'],
]);

/** How old a signed notification may be; each retry is signed afresh. */
const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

export interface SandboxProviderDeps {
  gateway: SandboxGateway;
  /** The merchant endpoint the gateway notifies (known once the server listens). */
  notifyUrl: () => string;
  now: () => number;
}

/** The shop's adapter for the built-in sandbox gateway (in process, so no network calls). */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(private readonly deps: SandboxProviderDeps) {}

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const session = await this.deps.gateway.createSession({
      merchantRef: request.orderNo,
      amountMinor: request.amountMinor,
      currency: request.currency,
      description: request.description,
      returnUrl: request.returnPath,
      notifyUrl: this.deps.notifyUrl(),
      expiresAt: request.expiresAt,
    });
    return { reference: session.id, checkoutUrl: `${SANDBOX_CHECKOUT_PREFIX}${session.id}` };
  }

  verifyNotification(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    if (!verifySandboxSignature(this.deps.gateway.options.secret, rawBody, Array.isArray(header) ? header[0] : header, this.deps.now(), SIGNATURE_TOLERANCE_MS)) {
      throw new NotificationRejected('bad sandbox signature');
    }
    let event: SandboxEventBody;
    try {
      event = JSON.parse(rawBody.toString('utf8')) as SandboxEventBody;
    } catch {
      throw new NotificationRejected('body is not JSON');
    }
    if (typeof event?.id !== 'string' || typeof event.data?.merchantRef !== 'string') throw new NotificationRejected('not a sandbox event');
    return {
      eventId: event.id,
      orderNo: event.data.merchantRef,
      // A refund's reference is the refund (stored as the order's refund reference).
      reference: event.type === 'payment.refunded' && typeof event.data.refund === 'string' ? event.data.refund : event.data.session,
      outcome: SANDBOX_OUTCOMES.get(event.type) ?? 'ignored',
      amountMinor: event.data.amountMinor,
      currency: event.data.currency,
      type: event.type,
    };
  }

  retrieve(reference: string): Promise<CheckoutState> {
    return this.deps.gateway.state(reference);
  }

  expire(reference: string): Promise<void> {
    return this.deps.gateway.expire(reference);
  }

  async refund(reference: string, request: RefundRequest): Promise<Refund> {
    const result = await this.deps.gateway.refund(reference, request.amountMinor, request.currency);
    if ('refused' in result) throw new RefundRefused(result.refused);
    return { reference: result.refundId };
  }
}
