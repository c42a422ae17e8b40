import Type, { type Static } from 'typebox';
import { EMAIL_MAX } from '../account-rules';
import { Ok } from '../envelope-schema';
import { LANGUAGE_CODES, type LanguageCode } from '../language-codes';
import { OrderSchema } from './recharge';
import { signed, stringEnum } from './signed';

/**
 * Issue 32, parents in control (decision 0152): a player links a parent by e-mail; the parent
 * confirms with a one-time mailed link and a PIN, signs in later with a mailed link and the PIN,
 * sets a monthly spending limit (UTC calendar months, in one currency; 0 allows no purchases) and
 * whether gift packs are allowed, reads the child's orders and the purchase notices, and alone can
 * unlink. Parent calls carry the session the link and PIN opened in the `parent-token` header.
 */

/** How long a mailed confirmation or sign-in link works. */
export const PARENT_LINK_TTL_MS = 24 * 60 * 60_000;
/** How long a parent's session (link + PIN) lasts. */
export const PARENT_SESSION_TTL_MS = 60 * 60_000;
/** A PIN is 4 to 8 digits. */
export const PARENT_PIN_PATTERN = '^[0-9]{4,8}$';
/** The highest monthly limit a parent can set, in minor units (a sanity bound). */
export const PARENT_LIMIT_MAX_MINOR = 100_000_000;

const Lang = stringEnum<LanguageCode>(LANGUAGE_CODES);
const Email = Type.String({ minLength: 3, maxLength: EMAIL_MAX });
const OneTimeToken = Type.String({ minLength: 20, maxLength: 100, description: 'the one-time token of the mailed link' });
const Pin = Type.String({ pattern: PARENT_PIN_PATTERN, description: '4 to 8 digits' });

/** The `parent-token` header of parent calls: the session the mailed link and the PIN opened. */
export const ParentHeaders = Type.Object({ 'parent-token': Type.Optional(Type.String({ maxLength: 200 })) });

/** What the player reads on /account: whether a parent manages the account, by which address (masked), since when. */
export const PlayerParentSchema = Type.Object({
  link: Type.Union(
    [
      Type.Object({
        state: Type.Union([Type.Literal('pending'), Type.Literal('active')], { description: 'pending until the parent confirms' }),
        maskedEmail: Type.String({ description: 'e.g. p•••t@e•••.com' }),
        requestedAt: Type.Integer({ description: 'ms since the epoch' }),
        since: Type.Union([Type.Integer(), Type.Null()], { description: 'ms since the epoch the parent confirmed; null while pending' }),
      }),
      Type.Null(),
    ],
    { description: 'null when no parent is linked' },
  ),
});
export type PlayerParent = Static<typeof PlayerParentSchema>;
export const PlayerParentResponse = Ok(PlayerParentSchema);

export const playerParentPath = '/v1/user/parent';
export const PlayerParentQuery = signed({});

/**
 * The player asks a parent to manage the account: a confirmation link is mailed to the parent, in
 * `lang`. Asking again while it waits replaces the request (a new address, a new link); once a
 * parent confirmed, 10126.
 */
export const playerParentLinkPath = '/v1/user/parent/link';
export const PlayerParentLinkBody = signed({ email: Email, lang: Lang });

/** The parent confirms the link from the mail and sets the PIN: answers a parent session. */
export const parentConfirmPath = '/v1/parent/confirm';
export const ParentConfirmBody = signed({ token: OneTimeToken, pin: Pin });

/** A parent asks for a sign-in link: one is mailed per account linked to the address; the answer never tells whether any is. */
export const parentSignInRequestPath = '/v1/parent/sign-in/request';
export const ParentSignInRequestBody = signed({ email: Email });
export const ParentSignInRequestResponse = Ok(Type.Object({ validMinutes: Type.Integer() }));

/** The parent opens a mailed sign-in link and gives the PIN: answers a parent session. */
export const parentSignInPath = '/v1/parent/sign-in';
export const ParentSignInBody = signed({ token: OneTimeToken, pin: Pin });

export const ParentSessionSchema = Type.Object({
  sessionToken: Type.String({ description: 'sent back as the parent-token header' }),
  expiresAt: Type.Integer({ description: 'ms since the epoch' }),
  uid: Type.Integer({ description: "the child's account ID" }),
});
export type ParentSession = Static<typeof ParentSessionSchema>;
export const ParentSessionResponse = Ok(ParentSessionSchema);

export const ParentNoticeSchema = Type.Object({
  orderNo: Type.String(),
  kind: Type.Union([Type.Literal('product'), Type.Literal('gift_pack')]),
  priceMinor: Type.Integer(),
  currency: Type.String(),
  createdAt: Type.Integer({ description: 'ms since the epoch' }),
  sentAt: Type.Union([Type.Integer(), Type.Null()], { description: 'null until the mail went out' }),
});

/** Everything the parent page shows. */
export const ParentAccountSchema = Type.Object({
  child: Type.Object({ uid: Type.Integer(), nickname: Type.String() }),
  email: Type.String({ description: "the parent's own address" }),
  lang: Lang,
  since: Type.Integer({ description: 'ms since the epoch the parent confirmed' }),
  monthlyLimitMinor: Type.Union([Type.Integer(), Type.Null()], { description: 'null: no limit; 0: no purchases' }),
  currency: Type.Union([Type.String(), Type.Null()], { description: 'the currency of the limit' }),
  currencies: Type.Array(Type.String(), { description: 'currencies the store sells in' }),
  giftPacksAllowed: Type.Boolean(),
  /** Credited this UTC month in the limit's currency (orders in other currencies listed, not summed). */
  spentThisMonthMinor: Type.Integer(),
  monthStartsAt: Type.Integer({ description: 'ms since the epoch: the first of this month, 00:00 UTC' }),
  monthResetsAt: Type.Integer({ description: 'ms since the epoch: the first of next month, 00:00 UTC' }),
  ordersThisMonth: Type.Array(OrderSchema),
  ordersBefore: Type.Array(OrderSchema, { description: 'the latest 50 before this month' }),
  notices: Type.Array(ParentNoticeSchema, { description: 'the latest 100, newest first' }),
});
export type ParentAccount = Static<typeof ParentAccountSchema>;
export const ParentAccountResponse = Ok(ParentAccountSchema);

export const parentAccountPath = '/v1/parent/account';
export const ParentAccountQuery = signed({});

/** The parent's settings: any of them; audited. A limit needs a currency (40000 otherwise). */
export const parentSettingsPath = '/v1/parent/settings';
export const ParentSettingsBody = signed({
  monthlyLimitMinor: Type.Optional(Type.Integer({ minimum: 0, maximum: PARENT_LIMIT_MAX_MINOR })),
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
  /** Removes the limit (signing drops nulls, so this is a flag). */
  noLimit: Type.Optional(Type.Boolean()),
  giftPacksAllowed: Type.Optional(Type.Boolean()),
  lang: Type.Optional(Lang),
});

/** The parent unlinks: the account is no longer parent-managed; audited. */
export const parentUnlinkPath = '/v1/parent/unlink';
export const ParentUnlinkBody = signed({});
export const ParentUnlinkResponse = Ok(Type.Object({ unlinked: Type.Boolean() }));

/** Ends the parent's session. */
export const parentSignOutPath = '/v1/parent/sign-out';
export const ParentSignOutBody = signed({});
export const ParentSignOutResponse = Ok(Type.Object({ signedOut: Type.Boolean() }));
