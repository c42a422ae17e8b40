import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
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
import { currentUser, identifyUser, requireUser } from '../../plugins/authenticate';
import { byAddress } from '../../plugins/rate-limit';
import type { SessionsService } from '../sessions/sessions.service';
import type { GiftCodesService } from './gift-codes.service';

export interface GiftCodesRoutesOptions {
  gifts: GiftCodesService;
  sessions: SessionsService;
  /** The operator's campaign creation, written to the audit log (the console service). */
  audited: { createCampaign(actorUid: number, input: Parameters<GiftCodesService['createCampaign']>[0]): Promise<Campaign> };
  /**
   * Guessing limits: attempts per redeemer (signed-in account, else client address) for one
   * account, so nobody spends the account owner's allowance; and attempts per client address.
   */
  limits: { perAccount: { max: number; windowMs: number }; perAddress: { max: number; windowMs: number } };
}

/** The exchange page's redemption (anonymous, by account ID) and the operators' campaigns. */
export const giftCodesRoutes: FastifyPluginAsyncTypebox<GiftCodesRoutesOptions> = async (app, { gifts, sessions, audited, limits }) => {
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
      preHandler: [identifyUser(sessions), guessing],
    },
    async (request) => ({ status: 1 as const, data: await gifts.redeem(request.body.uid, request.body.code) }),
  );

  const operatorOnly = requireUser(sessions, ['operator']);

  app.post(
    giftCampaignsPath,
    {
      schema: { tags: ['gift codes'], summary: 'Operators: create a campaign with a shared code or generated single-use codes', headers: TokenHeaders, body: CreateCampaignBody, response: { 200: CampaignResponse } },
      preHandler: operatorOnly,
    },
    async (request) => {
      const { appId: _a, timestamp: _t, random: _r, sign: _s, ...input } = request.body;
      return { status: 1 as const, data: await audited.createCampaign(currentUser(request).uid, input) };
    },
  );

  app.get(
    giftCampaignsPath,
    { schema: { tags: ['gift codes'], summary: 'Operators: campaigns with their claims', headers: TokenHeaders, querystring: CampaignListQuery, response: { 200: CampaignListResponse } }, preHandler: operatorOnly },
    async () => ({ status: 1 as const, data: await gifts.campaigns() }),
  );

  app.get(
    campaignCodesPath,
    {
      schema: { tags: ['gift codes'], summary: 'Operators: the codes of a campaign and who used them', headers: TokenHeaders, params: CampaignCodesParams, querystring: CampaignCodesQuery, response: { 200: CampaignCodesResponse } },
      preHandler: operatorOnly,
    },
    async (request) => ({ status: 1 as const, data: await gifts.codesOf(request.params.id) }),
  );
};
