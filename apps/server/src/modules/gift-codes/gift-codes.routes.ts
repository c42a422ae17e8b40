import type { ApiRoutes } from '../../plugins/signature';
import {
  type Campaign,
  CampaignCodesParams,
  CampaignCodesQuery,
  CampaignCodesResponse,
  CampaignListQuery,
  CampaignListResponse,
  CampaignResponse,
  CreateCampaignBody,
  RedeemBody,
  RedeemResponse,
  campaignCodesPath,
  giftCampaignsPath,
  giftRedeemPath,
} from '@vsp/contract/endpoints/gift-codes';
import { TokenHeaders } from '@vsp/contract/endpoints/user';
import { currentUser } from '../../plugins/authenticate';
import { byAddress } from '../../plugins/rate-limit';
import type { GiftCodesService } from './gift-codes.service';

export interface GiftCodesRoutesOptions {
  gifts: GiftCodesService;
  /** The operator's campaign creation, written to the audit log (the console service). */
  audited: { createCampaign(actorUid: number, input: Parameters<GiftCodesService['createCampaign']>[0]): Promise<Campaign> };
  /**
   * Guessing limits: attempts per redeemer (signed-in account, else client address) for one
   * account, so nobody spends the account owner's allowance; and attempts per client address.
   */
  limits: { perAccount: { max: number; windowMs: number }; perAddress: { max: number; windowMs: number } };
}

/** The exchange page's redemption (anonymous, by account ID) and the operators' campaigns. */
export const giftCodesRoutes: ApiRoutes<GiftCodesRoutesOptions> = async (app, { gifts, audited, limits }) => {
  const guessing = app.routeLimits(
    { name: 'gift:account', ...limits.perAccount, key: (request) => `${request.user ? `user:${request.user.uid}` : `addr:${request.ip}`}>${(request.body as { uid: number }).uid}` },
    { name: 'gift:address', ...limits.perAddress, key: byAddress },
  );

  app.post(
    giftRedeemPath,
    {
      schema: {
        tags: ['gift codes'],
        summary: 'Redeem a gift code for an account ID (280001001-280001005, 42900 when guessing)',
        body: RedeemBody,
        response: { 200: RedeemResponse },
      },
      preHandler: [app.identifyUser, guessing],
    },
    async (request) => gifts.redeem(request.body.uid, request.body.code),
  );

  const operatorOnly = app.requireOperator;

  app.post(
    giftCampaignsPath,
    {
      schema: { tags: ['gift codes'], summary: 'Operators: create a campaign with a shared code or generated single-use codes', headers: TokenHeaders, body: CreateCampaignBody, response: { 200: CampaignResponse } },
      preHandler: operatorOnly,
    },
    async (request) => audited.createCampaign(currentUser(request).uid, request.body),
  );

  app.get(
    giftCampaignsPath,
    { schema: { tags: ['gift codes'], summary: 'Operators: campaigns with their claims', headers: TokenHeaders, querystring: CampaignListQuery, response: { 200: CampaignListResponse } }, preHandler: operatorOnly },
    async () => gifts.campaigns(),
  );

  app.get(
    campaignCodesPath,
    {
      schema: { tags: ['gift codes'], summary: 'Operators: the codes of a campaign and who used them', headers: TokenHeaders, params: CampaignCodesParams, querystring: CampaignCodesQuery, response: { 200: CampaignCodesResponse } },
      preHandler: operatorOnly,
    },
    async (request) => gifts.codesOf(request.params.id),
  );
};
