import { defineModule } from '../../shared/server-module';
import { buildPayments } from './payment-providers';
import { sandboxRoutes } from './sandbox/sandbox.routes';

export { NotificationRejected, type CheckoutState, type PaymentEvent, type PaymentProviders } from './payment-provider';
export type { Payments } from './payment-providers';
export { fetchDeliver, type DeliverFn, type SandboxGateway } from './sandbox/sandbox-gateway';

/** Payment providers; the built-in sandbox gateway serves its hosted checkout page when enabled. */
export const paymentsModule = defineModule({
  services: ({ config, db, now }) => ({ payments: buildPayments(config, db, now) }),
  routes: async (app, { services }) => {
    if (services.payments.sandbox) await app.register(sandboxRoutes, { gateway: services.payments.sandbox });
  },
});
