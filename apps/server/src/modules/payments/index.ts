import { defineModule } from '../server-module';
import { buildPayments } from './payment-providers';
import { fetchDeliver } from './sandbox/sandbox-gateway';
import { sandboxRoutes } from './sandbox/sandbox.routes';

export { NotificationRejected, RefundRefused, type CheckoutState, type PaymentEvent, type PaymentProviders, type Refund } from './payment-provider';
export type { Payments } from './payment-providers';

/** How often the sandbox gateway looks for notifications due (first deliveries and retries). */
const SANDBOX_DISPATCH_EVERY_MS = 1000;

/**
 * Payment providers; the built-in sandbox gateway, when enabled, serves its hosted checkout page and
 * delivers its notifications.
 */
export const paymentsModule = defineModule({
  name: 'payments',
  needs: [],
  services: ({ config, db, now }) => ({ payments: buildPayments(config, db, now) }),
  routes: async (app, { services }) => {
    if (services.payments.sandbox) await app.register(sandboxRoutes, { gateway: services.payments.sandbox });
  },
  jobs: ({ services }) => {
    const { sandbox } = services.payments;
    return sandbox ? [{ name: 'sandbox dispatch', everyMs: SANDBOX_DISPATCH_EVERY_MS, run: () => sandbox.dispatchDue(fetchDeliver) }] : [];
  },
});
