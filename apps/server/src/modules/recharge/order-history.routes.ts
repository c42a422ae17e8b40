import type { ApiRoutes } from '../../plugins/signature';
import { ORDER_HISTORY_PAGE_SIZE } from '@vsp/contract/endpoints/recharge';
import { TokenHeaders } from '@vsp/contract/endpoints/user';
import { currentUser } from '../../plugins/authenticate';
import { byAddress, lookupLimits } from '../../plugins/rate-limit';
import { operationRoute } from '../../plugins/operation-route';
import type { ModuleOptions } from '../server-module';
import type { OrderHistoryService } from './order-history.service';

/** A payer's orders: the signed-in player's history, and one order's receipt (owner or mailed link). */
export const orderHistoryRoutes: ApiRoutes<ModuleOptions<{ orderHistory: OrderHistoryService }>> = async (app, { context: { config }, services: { orderHistory: history } }) => {
  const perAccount = app.routeLimits({ name: 'recharge:history:account', ...config.addressLimit, key: (request) => (request.user ? String(request.user.uid) : undefined) });

  app.route({
    ...operationRoute(app, 'myOrders', { tags: ['recharge'], summary: 'The signed-in player’s top-up and gift-pack orders with their timelines, newest first', headers: TokenHeaders }),
    onRequest: app.routeLimits({ name: 'recharge:history:address', ...config.addressLimit, key: byAddress }),
    preHandler: [app.requireUser, perAccount],
    handler: async (request) => history.history(currentUser(request).uid, request.query.page ?? 1, request.query.pageSize ?? ORDER_HISTORY_PAGE_SIZE),
  });

  app.route({
    ...operationRoute(app, 'receipt', { tags: ['recharge'], summary: 'One order’s receipt, for the signed-in owner of its account or with the mailed link’s token (10046 otherwise)' }),
    onRequest: app.routeLimits(...lookupLimits('recharge:receipt', config.addressLimit)),
    preHandler: app.identifyUser,
    handler: async (request) => history.receipt(request.query.orderNo, { viewerUid: request.user?.uid, token: request.query.token }),
  });
};
