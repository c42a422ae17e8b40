import Type, { type Static } from 'typebox';
import { Ok } from '../envelope-schema';
import { ASSETS, type Asset } from '../wallet-assets';
import { MailLanguage, signed, stringEnum } from './signed';
import { INT4_MAX, UID_MAX } from '../integers';
import { LIMIT_PERIODS, type LimitPeriod } from '../purchase-limits';

/**
 * Top-up by account ID (spec sections 2, 4, 5): account lookup, maintenance status, catalogue per
 * country, orders with an idempotency key, order inquiry. Anonymous like the page itself: the
 * account ID says whom to credit, the payer needs no login.
 */

export const Uid = Type.Integer({ minimum: 1, maximum: UID_MAX, description: 'the account ID' });
const Country = Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2 country code' });
export const OrderNo = Type.String({ pattern: '^[A-Z0-9-]{8,40}$', description: 'the public order number' });

/** One of the wallet's currencies or backpack items. */
export const AssetSchema = stringEnum<Asset>(ASSETS);

export const PackLineSchema = Type.Object({
  asset: AssetSchema,
  quantity: Type.Integer({ minimum: 1, maximum: INT4_MAX }),
});

/** Texts of an operator-defined name per language code; `en` is always present. */
export const LocalizedNameSchema = Type.Record(Type.String(), Type.String());

export const rechargeAccountPath = '/v1/recharge/account';
export const RechargeAccountQuery = signed({ uid: Uid });
export const RechargeAccountSchema = Type.Object({ uid: Type.Integer(), nickname: Type.String() });
export const RechargeAccountResponse = Ok(RechargeAccountSchema);
export type RechargeAccount = Static<typeof RechargeAccountSchema>;

export const rechargeStatusPath = '/v1/recharge/status';
export const RechargeStatusQuery = signed({});
export const RechargeStatusSchema = Type.Object({
  /** recharge.paused.open: top-up channels are paused (banner on, order creation refused). */
  paused: Type.Boolean(),
  /** The announced maintenance window, when the operator set one. */
  window: Type.Union([Type.Object({ from: Type.String(), to: Type.String() }), Type.Null()]),
  /** The iOS maintenance popup (May 20, 2025 notice) is switched on. */
  iosNotice: Type.Boolean(),
});
export const RechargeStatusResponse = Ok(RechargeStatusSchema);
export type RechargeStatus = Static<typeof RechargeStatusSchema>;

export const TopUpProductSchema = Type.Object({
  id: Type.Integer(),
  asset: AssetSchema,
  amount: Type.Integer(),
  bonus: Type.Integer(),
  priceMinor: Type.Integer({ description: 'price in minor units of currency' }),
  currency: Type.String({ description: 'ISO 4217' }),
});
export type TopUpProduct = Static<typeof TopUpProductSchema>;

export const GiftPackSchema = Type.Object({
  id: Type.Integer(),
  name: LocalizedNameSchema,
  contents: Type.Array(PackLineSchema),
  priceMinor: Type.Integer(),
  currency: Type.String(),
  /** Purchases allowed per account ("Limit") in each period. */
  limit: Type.Integer(),
  /** Over what the limit counts: once, or per UTC day, week or month. */
  limitPeriod: stringEnum<LimitPeriod>(LIMIT_PERIODS),
  /** When the current period ends and the limit starts again; null for `once`. */
  resetsAt: Type.Union([Type.String(), Type.Null()]),
  /** Paid purchases in the current period for the account asked about (its signed-in owner only). */
  purchased: Type.Integer(),
});
export type GiftPack = Static<typeof GiftPackSchema>;

export const PaymentMethodSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  provider: Type.String(),
  /** Shown before "more payment methods". */
  featured: Type.Boolean(),
});
export type PaymentMethod = Static<typeof PaymentMethodSchema>;

export const rechargeCataloguePath = '/v1/recharge/catalogue';
export const RechargeCatalogueQuery = signed({
  country: Type.Optional(Country),
  uid: Type.Optional(Uid),
});
export const RechargeCatalogueSchema = Type.Object({
  /** The country whose configuration answered; '*' for the default one. */
  country: Type.String(),
  /** Countries with a configuration of their own. */
  countries: Type.Array(Type.String()),
  products: Type.Array(TopUpProductSchema),
  giftPacks: Type.Array(GiftPackSchema),
  paymentMethods: Type.Array(PaymentMethodSchema),
});
export const RechargeCatalogueResponse = Ok(RechargeCatalogueSchema);
export type RechargeCatalogue = Static<typeof RechargeCatalogueSchema>;

export const ORDER_STATUSES = ['created', 'awaiting_payment', 'paid', 'fulfilled', 'expired', 'failed', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The `reason` of an order whose payment arrived when the account could receive no more (a pack's
 * purchase limit, `pack_limit`; a parent's monthly limit or gift-pack switch, `parent_limit`): it is
 * not credited and is refunded in full automatically (decisions 0141, 0152).
 */
export const OVER_LIMIT_REASONS = ['pack_limit', 'parent_limit'] as const;
export type OverLimitReason = (typeof OVER_LIMIT_REASONS)[number];
export const isOverLimitReason = (reason: string | null): reason is OverLimitReason => (OVER_LIMIT_REASONS as readonly (string | null)[]).includes(reason);

export const OrderSchema = Type.Object({
  orderNo: Type.String(),
  uid: Type.Integer(),
  kind: Type.Union([Type.Literal('product'), Type.Literal('gift_pack')]),
  itemId: Type.Integer(),
  contents: Type.Array(PackLineSchema),
  priceMinor: Type.Integer(),
  currency: Type.String(),
  paymentMethod: Type.String(),
  status: stringEnum<OrderStatus>(ORDER_STATUSES),
  /**
   * Why an order ended unpaid (declined, expired, maintenance, replaced), or why a payment was not
   * credited but refunded (one of OVER_LIMIT_REASONS).
   */
  reason: Type.Union([Type.String(), Type.Null()]),
  /** Where the payer pays; present while the order awaits payment. */
  checkoutUrl: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  expiresAt: Type.String(),
  paidAt: Type.Union([Type.String(), Type.Null()]),
  fulfilledAt: Type.Union([Type.String(), Type.Null()]),
  /** When an operator refunded the order in full (status refunded); the credit was reversed then. */
  refundedAt: Type.Union([Type.String(), Type.Null()]),
});
export type Order = Static<typeof OrderSchema>;

export const rechargeOrderPath = '/v1/recharge/order';
export const CreateOrderBody = signed({
  uid: Uid,
  kind: Type.Union([Type.Literal('product'), Type.Literal('gift_pack')]),
  itemId: Type.Integer({ minimum: 1, maximum: INT4_MAX }),
  paymentMethodId: Type.Integer({ minimum: 1, maximum: INT4_MAX }),
  /** A fresh random key per intended purchase; repeating it answers the same order. */
  idempotencyKey: Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' }),
  /** Optional address for a receipt. */
  email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
  /** The payer's language: the receipt and a later refund mail are written in it. */
  lang: Type.Optional(MailLanguage),
  /** Where the gateway sends the payer back: a path of this site. */
  returnPath: Type.Optional(Type.String({ pattern: '^/(?!/)[A-Za-z0-9/_?=&.%-]*$', maxLength: 300 })),
});
export const OrderResponse = Ok(OrderSchema);

export const OrderQuery = signed({ orderNo: OrderNo });

/**
 * What anyone holding an order number reads (the top-up page's polling, the order lookup): where
 * the order stands and what it holds. The account it is for, its price and how it was paid are the
 * receipt's, for the account's owner or the holder of the mailed link (issue 28).
 */
export const OrderInquirySchema = Type.Pick(OrderSchema, ['orderNo', 'kind', 'contents', 'status', 'reason', 'checkoutUrl', 'createdAt', 'expiresAt', 'paidAt', 'fulfilledAt', 'refundedAt']);
export type OrderInquiry = Static<typeof OrderInquirySchema>;
export const OrderInquiryResponse = Ok(OrderInquirySchema);

export const walletPath = '/v1/wallet/mine';
export const WalletSchema = Type.Object({
  balances: Type.Array(Type.Object({ asset: Type.String(), amount: Type.Integer() })),
  backpack: Type.Array(Type.Object({ asset: Type.String(), quantity: Type.Integer() })),
});
export const WalletQuery = signed({});
export const WalletResponse = Ok(WalletSchema);
export type Wallet = Static<typeof WalletSchema>;

/** Payment-provider notifications (server to server; verified by the provider's signature). */
export const paymentNotifyPath = (provider: string) => `/v1/payment/notify/${provider}`;

/** Operators switch maintenance on and off, set its window and the iOS notice (audited). */
export const consoleSwitchesPath = '/v1/console/settings/switches';
export const RechargeSwitchesBody = signed({
  paused: Type.Optional(Type.Boolean()),
  /** Sets the announced window; `null` clears it (for clients whose JSON keeps nulls). */
  window: Type.Optional(Type.Union([Type.Object({ from: Type.String({ maxLength: 60 }), to: Type.String({ maxLength: 60 }) }), Type.Null()])),
  /**
   * Clears the announced window. Signing drops null params (spec section 7), so a signed client
   * cannot send `window: null`; this is how it says "no window" (decision 0091).
   */
  clearWindow: Type.Optional(Type.Literal(true)),
  iosNotice: Type.Optional(Type.Boolean()),
});

/**
 * What a payer reads of an order's life: created, paid, credited, or how it ended unpaid. Taken
 * from the order's stored times (decision 0128); `at` is null where no time is stored.
 */
export const PAYER_TIMELINE_KINDS = ['created', 'paid', 'fulfilled', 'expired', 'failed', 'cancelled', 'refunded'] as const;
export type PayerTimelineKind = (typeof PAYER_TIMELINE_KINDS)[number];
export const PayerTimelineEventSchema = Type.Object({
  kind: stringEnum<PayerTimelineKind>(PAYER_TIMELINE_KINDS),
  at: Type.Union([Type.String(), Type.Null()]),
});
export type PayerTimelineEvent = Static<typeof PayerTimelineEventSchema>;

export const OrderRecordSchema = Type.Object({
  order: OrderSchema,
  timeline: Type.Array(PayerTimelineEventSchema),
});
export type OrderRecord = Static<typeof OrderRecordSchema>;

/** Orders on one page of a player's order history, and the most a page may ask for. */
export const ORDER_HISTORY_PAGE_SIZE = 20;
export const ORDER_HISTORY_PAGE_SIZE_MAX = 50;

/** The signed-in player's top-up and gift-pack orders for their own account, newest first. */
export const rechargeMyOrdersPath = '/v1/recharge/orders/mine';
export const MyOrdersQuery = signed({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: ORDER_HISTORY_PAGE_SIZE_MAX })),
});
export const MyOrdersSchema = Type.Object({
  orders: Type.Array(OrderRecordSchema),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});
export const MyOrdersResponse = Ok(MyOrdersSchema);
export type MyOrders = Static<typeof MyOrdersSchema>;

/** The token of a mailed receipt link: 43 base64url characters (an HMAC of the order number). */
export const RECEIPT_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$';

/**
 * One order's receipt: for the signed-in owner of its account, or for whoever holds the mailed
 * link's token. Without either it answers 10046, as for an unknown order.
 */
export const rechargeReceiptPath = '/v1/recharge/receipt';
export const ReceiptQuery = signed({
  orderNo: OrderNo,
  token: Type.Optional(Type.String({ pattern: RECEIPT_TOKEN_PATTERN })),
});
export const ReceiptResponse = Ok(OrderRecordSchema);
