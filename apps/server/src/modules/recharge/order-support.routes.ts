import type { ApiRoutes } from '../../plugins/signature';
import {
  ConsoleOrderQuery,
  ConsoleOrderResponse,
  OrderRecheckBody,
  OrderRecheckResponse,
  OrderRefundBody,
  OrderRefundResponse,
  OrderSearchQuery,
  OrderSearchResponse,
  UncreditedOrdersQuery,
  UncreditedOrdersResponse,
  consoleOrderPath,
  consoleOrderRecheckPath,
  consoleOrderRefundPath,
  consoleOrderSearchPath,
  consoleUncreditedOrdersPath,
} from '@vsp/contract/endpoints/console-operations';
import { currentUser } from '../../plugins/authenticate';
import type { OrderSupportService } from './order-support.service';

/** The console's order search, timeline, re-check and refund; operators only, checked before validation. */
export const orderSupportRoutes: ApiRoutes<{ orderSupport: OrderSupportService }> = async (app, { orderSupport }) => {
  const preValidation = app.requireOperator;
  const tags = ['console'];
  app.get(
    consoleOrderSearchPath,
    { schema: { tags, summary: 'Orders by order number, or an account ID’s newest orders', querystring: OrderSearchQuery, response: { 200: OrderSearchResponse } }, preValidation },
    async (request) => ({ orders: await orderSupport.searchOrders(request.query.q) }),
  );
  app.get(
    consoleUncreditedOrdersPath,
    { schema: { tags, summary: 'Orders paid at the provider and not credited yet, oldest payment first', querystring: UncreditedOrdersQuery, response: { 200: UncreditedOrdersResponse } }, preValidation },
    async () => ({ orders: await orderSupport.uncredited() }),
  );
  app.get(
    consoleOrderPath,
    { schema: { tags, summary: 'One order and its timeline (10046 when unknown)', querystring: ConsoleOrderQuery, response: { 200: ConsoleOrderResponse } }, preValidation },
    async (request) => orderSupport.orderDetail(request.query.orderNo),
  );
  app.post(
    consoleOrderRecheckPath,
    { schema: { tags, summary: 'Ask the payment provider about an order now; credit once if paid (audited)', body: OrderRecheckBody, response: { 200: OrderRecheckResponse } }, preValidation },
    async (request) => orderSupport.recheckOrder(currentUser(request).uid, request.body.orderNo),
  );
  app.post(
    consoleOrderRefundPath,
    {
      schema: { tags, summary: 'Refund a fulfilled order in full and reverse its credit (audited; 10120 unless fulfilled, 10121 when the provider refuses)', body: OrderRefundBody, response: { 200: OrderRefundResponse } },
      preValidation,
    },
    async (request) => orderSupport.refundOrder(currentUser(request).uid, request.body.orderNo),
  );
};
