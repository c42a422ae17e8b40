import type { ApiRoutes } from '../../plugins/signature';
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { currentUser } from '../../plugins/authenticate';
import { byAddress, lookupLimits } from '../../plugins/rate-limit';
import { operationRoute } from '../../plugins/operation-route';
import type { RouteLimit } from '../../shared/route-limit';
import type { ModuleOptions } from '../server-module';
import { accountPayer } from './recharge.repository';
import { inquiryView, type RechargeService } from './recharge.service';
import type { TopUpSwitches } from './top-up-switches';

/**
 * The counters of the top-up account check, the same for the API and the plain form posts of the
 * top-up and exchange pages (decision 0144).
 */
export function accountCheckLimits({ addressLimit }: Pick<Config, 'addressLimit'>): RouteLimit[] {
  return lookupLimits('recharge:account', addressLimit);
}

/** The counter of order inquiries by number, the same for the API and the top-up page's lookup form. */
export function orderInquiryLimits({ addressLimit }: Pick<Config, 'addressLimit'>): RouteLimit[] {
  // Guessing order numbers is slow from anywhere; a payer's page polls one order, well within it.
  return [{ name: 'recharge:inquiry:address', max: addressLimit.max * 3, windowMs: addressLimit.windowMs, key: byAddress }];
}

/**
 * Signed top-up calls of the website (spec section 2, "top-up page"), anonymous by design, and the
 * console's maintenance switches (operators only, checked before validation; audited).
 */
export const rechargeRoutes: ApiRoutes<ModuleOptions<{ recharge: RechargeService; topUpSwitches: TopUpSwitches }>> = async (app, { context: { config }, services: { recharge, topUpSwitches: switches } }) => {
  const perAddress = (what: string) => app.routeLimits({ name: `recharge:${what}:address`, ...config.addressLimit, key: byAddress });
  const identify = app.identifyUser;

  app.route({
    ...operationRoute(app, 'rechargeAccount', { tags: ['recharge'], summary: 'Verify an account ID and answer its nickname (10094 when it does not exist)' }),
    onRequest: app.routeLimits(...accountCheckLimits(config)),
    handler: async (request) => recharge.account(request.query.uid),
  });

  app.route({
    ...operationRoute(app, 'rechargeStatus', { tags: ['recharge'], summary: 'Maintenance switches: top-up paused (banner), window, iOS notice' }),
    handler: async () => switches.status(),
  });

  app.route({
    ...operationRoute(app, 'rechargeCatalogue', { tags: ['recharge'], summary: 'Top-up products, gift packs and payment methods for a country; pack purchase counts for the signed-in owner of uid' }),
    preHandler: identify,
    handler: async (request) => {
      // Another account's purchases are its own business: counts only for its signed-in owner.
      const uid = request.query.uid !== undefined && request.user?.uid === request.query.uid ? request.query.uid : undefined;
      return recharge.catalogue(request.query.country, uid);
    },
  });

  app.route({
    ...operationRoute(app, 'createOrder', { tags: ['recharge'], summary: 'Create a top-up or gift-pack order and its checkout (idempotent per key; 10091, 10092, 10096)' }),
    onRequest: perAddress('order'),
    preHandler: identify,
    handler: async (request) => recharge.createOrder(request.body, payerOf(request)),
  });

  app.route({
    ...operationRoute(app, 'order', { tags: ['recharge'], summary: 'Order inquiry by order number: its state and contents, not its account, price or method (10046 when unknown)' }),
    onRequest: app.routeLimits(...orderInquiryLimits(config)),
    handler: async (request) => inquiryView(await recharge.order(request.query.orderNo)),
  });

  app.route({
    ...operationRoute(app, 'setSwitches', { tags: ['console'], summary: 'Top-up maintenance, its window and the iOS notice (audited)' }),
    handler: async (request) => switches.setSwitches(request.body, currentUser(request).uid),
  });
};

/**
 * Who places an order: the signed-in account, or else the client address (hashed; a device id a
 * client sends could be made up per request, an address cannot).
 */
function payerOf(request: FastifyRequest): string {
  if (request.user) return accountPayer(request.user.uid);
  return `addr:${createHash('sha256').update(request.clientAddress).digest('base64url').slice(0, 22)}`;
}
