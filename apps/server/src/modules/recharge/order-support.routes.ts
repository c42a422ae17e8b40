import type { ApiRoutes } from '../../plugins/signature';
import { currentUser } from '../../plugins/authenticate';
import { operationRoute } from '../../plugins/operation-route';
import type { ModuleOptions } from '../server-module';
import type { OrderSupportService } from './order-support.service';

/** The console's order search, timeline, re-check and refund; operators only, checked before validation. */
export const orderSupportRoutes: ApiRoutes<ModuleOptions<{ orderSupport: OrderSupportService }>> = async (app, { services: { orderSupport } }) => {
  const tags = ['console'];
  app.route({
    ...operationRoute(app, 'searchOrders', { tags, summary: 'Orders by order number, or an account ID’s newest orders' }),
    handler: async (request) => ({ orders: await orderSupport.searchOrders(request.query.q) }),
  });
  app.route({
    ...operationRoute(app, 'uncreditedOrders', { tags, summary: 'Orders paid at the provider and not credited yet, oldest payment first' }),
    handler: async () => ({ orders: await orderSupport.uncredited() }),
  });
  app.route({
    ...operationRoute(app, 'orderDetail', { tags, summary: 'One order and its timeline (10046 when unknown)' }),
    handler: async (request) => orderSupport.orderDetail(request.query.orderNo),
  });
  app.route({
    ...operationRoute(app, 'recheckOrder', { tags, summary: 'Ask the payment provider about an order now; credit once if paid (audited)' }),
    handler: async (request) => orderSupport.recheckOrder(currentUser(request).uid, request.body.orderNo),
  });
  app.route({
    ...operationRoute(app, 'refundOrder', { tags, summary: 'Refund a fulfilled order in full and reverse its credit (audited; 10120 unless fulfilled, 10121 when the provider refuses)' }),
    handler: async (request) => orderSupport.refundOrder(currentUser(request).uid, request.body.orderNo),
  });
};
