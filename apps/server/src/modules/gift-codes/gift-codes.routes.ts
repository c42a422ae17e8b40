import { sendSerializedData, type ApiRoutes } from '../../plugins/signature';
import { TokenHeaders } from '@vsp/contract/endpoints/user';
import type { Config } from '../../config';
import { currentUser } from '../../plugins/authenticate';
import { byAddress } from '../../plugins/rate-limit';
import { operationRoute } from '../../plugins/operation-route';
import type { RouteLimit } from '../../shared/route-limit';
import type { ModuleOptions } from '../server-module';
import type { GiftCodesService } from './gift-codes.service';

/**
 * The counters of gift-code attempts per 10 minutes, the same for the API's redemption and the
 * exchange page's plain form post (decision 0144): per redeemer (signed-in account, else client
 * address) for one account ID, so nobody spends the account owner's allowance, and per client
 * address. A request names the account ID it redeems for as `body.uid`.
 */
export function giftGuessingLimits(config: Pick<Config, 'GIFT_LIMIT_PER_ACCOUNT' | 'GIFT_LIMIT_PER_ADDRESS'>): RouteLimit[] {
  const windowMs = 10 * 60_000;
  return [
    { name: 'gift:account', max: config.GIFT_LIMIT_PER_ACCOUNT, windowMs, key: (request) => `${request.user ? `user:${request.user.uid}` : `addr:${request.clientAddress}`}>${(request.body as { uid: number }).uid}` },
    { name: 'gift:address', max: config.GIFT_LIMIT_PER_ADDRESS, windowMs, key: byAddress },
  ];
}

/**
 * The exchange page's redemption (anonymous, by account ID) and the operators' campaigns. An
 * operator's change is audited by the service; its role is checked before validation, so a caller
 * without the right learns nothing about the body.
 */
export const giftCodesRoutes: ApiRoutes<ModuleOptions<{ gifts: GiftCodesService }>> = async (app, { context: { config }, services: { gifts } }) => {
  const guessing = app.routeLimits(...giftGuessingLimits(config));

  app.route({
    ...operationRoute(app, 'redeemGiftCode', { tags: ['gift codes'], summary: 'Redeem a gift code for an account ID (280001001-280001005, 42900 when guessing)' }),
    preHandler: [app.identifyUser, guessing],
    handler: async (request) => gifts.redeem(request.body.uid, request.body.code),
  });

  // The console's calls (tagged with the console's others in /docs).
  const tags = ['console'];
  app.route({
    ...operationRoute(app, 'createCampaign', { tags, summary: 'Operators: create a campaign with a shared code or N single-use codes (audited)' }),
    handler: async (request) => gifts.createCampaign(request.body, currentUser(request).uid),
  });

  app.route({
    ...operationRoute(app, 'updateCampaign', { tags, summary: 'Operators: change a campaign’s window or cap (audited)' }),
    handler: async (request) => {
      const { id, ...change } = request.body;
      return gifts.updateCampaign(id, change, currentUser(request).uid);
    },
  });

  app.route({
    ...operationRoute(app, 'addCampaignCodes', { tags, summary: 'Operators: generate N more single-use codes for a campaign (audited)' }),
    handler: async (request) => gifts.addCodes(request.body.id, request.body.count, currentUser(request).uid),
  });

  app.route({
    ...operationRoute(app, 'disableCampaign', { tags, summary: 'Operators: disable a campaign; its codes then answer 280001002 (audited)' }),
    handler: async (request) => gifts.disableCampaign(request.body.id, currentUser(request).uid),
  });

  app.route({
    ...operationRoute(app, 'campaigns', { tags: ['gift codes'], summary: 'Operators: campaigns with their claims', headers: TokenHeaders }),
    handler: async () => gifts.campaigns(),
  });

  app.route({
    ...operationRoute(app, 'campaignCodes', { tags: ['gift codes'], summary: 'Operators: the codes of a campaign and who used them', headers: TokenHeaders }),
    handler: async (request, reply) => sendSerializedData(reply, await gifts.codesJson(request.params.id)),
  });
};
