import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { PaymentProvider } from './payment-provider';
import { SandboxGateway } from './sandbox/sandbox-gateway';
import { SandboxProvider } from './sandbox/sandbox-provider';
import { StripeProvider } from './stripe/stripe-provider';

export const SANDBOX_NOTIFY_PATH = '/v1/payment/notify/sandbox';

export interface Payments {
  providers: Map<string, PaymentProvider>;
  /** The built-in gateway when enabled (its page and dispatcher run in this process). */
  sandbox: SandboxGateway | undefined;
  /** Tells the sandbox where this process listens, for its notifications. */
  setListenOrigin(origin: string): void;
}

type PaymentsConfig = Pick<
  Config,
  'SANDBOX_PAYMENTS' | 'SANDBOX_SECRET' | 'SANDBOX_CONFIRM_DELAY_MS' | 'sandboxRetryScheduleMs' | 'SANDBOX_NOTIFY_URL' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'publicUrl' | 'PORT'
>;

/** The providers this deployment offers, from configuration: the sandbox, Stripe, or both. */
export function buildPayments(config: PaymentsConfig, db: Database, now: () => number = Date.now): Payments {
  const providers = new Map<string, PaymentProvider>();
  let listenOrigin = `http://127.0.0.1:${config.PORT}`;
  let sandbox: SandboxGateway | undefined;
  if (config.SANDBOX_PAYMENTS) {
    sandbox = new SandboxGateway(db, {
      secret: config.SANDBOX_SECRET,
      confirmDelayMs: config.SANDBOX_CONFIRM_DELAY_MS,
      retryScheduleMs: config.sandboxRetryScheduleMs,
      now,
    });
    providers.set('sandbox', new SandboxProvider({ gateway: sandbox, notifyUrl: () => config.SANDBOX_NOTIFY_URL ?? `${listenOrigin}${SANDBOX_NOTIFY_PATH}`, now }));
  }
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    providers.set('stripe', new StripeProvider({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, publicUrl: config.publicUrl }));
  }
  return {
    providers,
    sandbox,
    setListenOrigin(origin) {
      listenOrigin = origin.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1').replace(/\/$/, '');
    },
  };
}
