import Type, { type Static } from 'typebox';
import { Ok } from '../envelope-schema';
import { PackLineSchema } from './recharge';
import { signed } from './signed';
import { GIFT_CODES_PER_REQUEST_MAX, INT4_MAX, UID_MAX } from '../integers';

/**
 * Gift codes (spec sections 2, 4, 5, 8): redemption by account ID on the exchange page, and the
 * operators' campaigns with one shared code or many single-use codes.
 */

/** Codes are compared exactly (case sensitive); printable ASCII without spaces. */
const Code = Type.String({ minLength: 1, maxLength: 64, pattern: '^[!-~]+$' });

export const giftRedeemPath = '/v1/gift/redeem';
export const RedeemBody = signed({
  uid: Type.Integer({ minimum: 1, maximum: UID_MAX, description: 'the account ID to credit' }),
  code: Type.String({ minLength: 1, maxLength: 64 }),
});
export const RedemptionSchema = Type.Object({
  campaign: Type.String(),
  contents: Type.Array(PackLineSchema),
});
export const RedeemResponse = Ok(RedemptionSchema);
export type Redemption = Static<typeof RedemptionSchema>;

/** A redemption group's name: campaigns sharing one redeem once per account for all of them. */
const RedemptionGroup = Type.String({ pattern: '^[A-Za-z0-9_.-]{1,40}$', description: 'campaigns sharing a group redeem once per account for the group' });

/** Operators: create a campaign (audited). */
export const consoleCampaignCreatePath = '/v1/console/gift/campaigns';
export const CreateCampaignBody = signed({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  contents: Type.Array(PackLineSchema, { minItems: 1, maxItems: 20 }),
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.String({ format: 'date-time' }),
  totalCap: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
  /** One public code chosen by the operator ... */
  sharedCode: Type.Optional(Code),
  /** ... or this many generated single-use codes. */
  uniqueCount: Type.Optional(Type.Integer({ minimum: 1, maximum: GIFT_CODES_PER_REQUEST_MAX })),
  redemptionGroup: Type.Optional(RedemptionGroup),
});
export const CAMPAIGN_STATES = ['active', 'scheduled', 'ended', 'claimed_out', 'disabled'] as const;
export const CampaignStateSchema = Type.Union([Type.Literal('active'), Type.Literal('scheduled'), Type.Literal('ended'), Type.Literal('claimed_out'), Type.Literal('disabled')]);
export type CampaignState = (typeof CAMPAIGN_STATES)[number];
export const CampaignSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  contents: Type.Array(PackLineSchema),
  startsAt: Type.String(),
  endsAt: Type.String(),
  totalCap: Type.Integer(),
  claimed: Type.Integer(),
  /** Claims the cap still allows (totalCap - claimed, never below 0). */
  remaining: Type.Integer(),
  /** Disabled by an operator: its codes answer 280001002. */
  disabled: Type.Boolean(),
  /**
   * Whether its codes redeem now, by the server's clock: `active`, `scheduled` (before its start,
   * 280001001), `ended` (past its end, 280001002), `claimed_out` (the cap is reached, 280001003),
   * `disabled` (280001002). The first that applies, in the order disabled, ended, scheduled, claimed_out.
   */
  state: CampaignStateSchema,
  codeKind: Type.Union([Type.Literal('shared'), Type.Literal('unique')]),
  codes: Type.Integer({ description: 'how many codes the campaign has' }),
  sharedCode: Type.Union([Type.String(), Type.Null()]),
  /** Its redemption group (one redemption per account for every campaign of the group), or null. */
  redemptionGroup: Type.Union([Type.String(), Type.Null()]),
});
export type Campaign = Static<typeof CampaignSchema>;
export const CampaignResponse = Ok(CampaignSchema);

/** Operators: every campaign with its claims. */
export const giftCampaignsPath = '/v1/gift/campaigns';
export const CampaignListQuery = signed({});
export const CampaignListResponse = Ok(Type.Array(CampaignSchema));

export const campaignCodesPath = '/v1/gift/campaigns/:id/codes';
export const CampaignCodesParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: INT4_MAX }) });
export const CampaignCodesQuery = signed({});
export const CampaignCodesResponse = Ok(Type.Array(Type.Object({ code: Type.String(), usedBy: Type.Union([Type.Integer(), Type.Null()]) })));

/** Operators: a campaign's window and cap; the cap never below what was claimed (40000, field totalCap). */
export const consoleCampaignUpdatePath = '/v1/console/gift/campaigns/update';
export const CampaignUpdateBody = signed({
  id: Type.Integer({ minimum: 1, maximum: INT4_MAX }),
  startsAt: Type.Optional(Type.String({ format: 'date-time' })),
  endsAt: Type.Optional(Type.String({ format: 'date-time' })),
  totalCap: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
  redemptionGroup: Type.Optional(RedemptionGroup),
  /** Takes the campaign out of its group (signing drops empty strings, so this says "no group"). */
  clearRedemptionGroup: Type.Optional(Type.Literal(true)),
});

/** Operators: N more single-use codes for a unique-code campaign (40000, field id, for a shared-code one). */
export const consoleCampaignCodesPath = '/v1/console/gift/campaigns/codes';
export const CampaignMoreCodesBody = signed({ id: Type.Integer({ minimum: 1, maximum: INT4_MAX }), count: Type.Integer({ minimum: 1, maximum: GIFT_CODES_PER_REQUEST_MAX }) });

/** Operators: disable a campaign for good; its codes then answer 280001002 (expired). */
export const consoleCampaignDisablePath = '/v1/console/gift/campaigns/disable';
export const CampaignDisableBody = signed({ id: Type.Integer({ minimum: 1, maximum: INT4_MAX }) });
