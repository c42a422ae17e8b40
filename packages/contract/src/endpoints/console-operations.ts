import Type, { type Static } from 'typebox';
import { Ok } from '../envelope-schema';
import { OrderNo, OrderSchema, Uid, WalletSchema } from './recharge';
import { signed, stringEnum } from './signed';
import { INT4_MAX } from '../integers';
import { LIMIT_PERIODS, type LimitPeriod } from '../purchase-limits';

/**
 * Operator console calls for payers (issue 10): orders and their timeline, the re-check with the
 * payment provider, a user's wallet and ledger. Signed, operators only (40300 for anyone else),
 * every change audited.
 */

/** Orders by order number (exact) or account ID (all digits; newest first). */
export const consoleOrderSearchPath = '/v1/console/orders/search';
export const ORDER_SEARCH_LIMIT = 50;
export const OrderSearchQuery = signed({
  q: Type.String({ minLength: 1, maxLength: 40, pattern: '^\\s*([0-9]{1,15}|[A-Za-z0-9-]{8,40})\\s*$', description: 'an order number or an account ID' }),
});
export const OrderSearchResponse = Ok(Type.Object({ orders: Type.Array(OrderSchema) }));
export const UncreditedOrdersResponse = OrderSearchResponse;

export const TIMELINE_KINDS = ['created', 'notification', 'paid', 'credited', 'failed', 'expired', 'cancelled', 'recheck', 'refunded'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** One moment in an order's life, from what the top-up, payments and wallet modules stored. */
export const TimelineEventSchema = Type.Object({
  kind: stringEnum<TimelineKind>(TIMELINE_KINDS),
  /** ms since the epoch; null when the store keeps no time for it (an order cancelled by maintenance). */
  at: Type.Union([Type.Integer(), Type.Null()]),
  /**
   * The assets the event names, by id (an order's contents when created, the ledger's credits when
   * credited; empty otherwise): the console shows their names in the operator's language.
   */
  assets: Type.Array(Type.Object({ asset: Type.String(), quantity: Type.Integer() })),
  /** The rest of the event in a few words: the price and method, a notification's type and outcome, the account credited. */
  detail: Type.String(),
});
export type TimelineEvent = Static<typeof TimelineEventSchema>;

export const OrderDetailSchema = Type.Object({
  order: OrderSchema,
  provider: Type.String(),
  timeline: Type.Array(TimelineEventSchema),
});
export type OrderDetail = Static<typeof OrderDetailSchema>;

/** One order with its timeline (10046 when unknown). */
export const consoleOrderPath = '/v1/console/orders/detail';
export const ConsoleOrderQuery = signed({ orderNo: OrderNo });
export const ConsoleOrderResponse = Ok(OrderDetailSchema);

/** Asks the order's payment provider for its state now; a paid order is credited once (audited). */
export const consoleOrderRecheckPath = '/v1/console/orders/recheck';
export const OrderRecheckBody = signed({ orderNo: OrderNo });
export const OrderRecheckSchema = Type.Object({
  /** What the provider said: open, paid, failed, expired. */
  providerState: Type.String(),
  /** What the re-check did: nothing (open), paid, duplicate, failed, expired, stale, credited. */
  outcome: Type.String(),
  detail: OrderDetailSchema,
});
export type OrderRecheck = Static<typeof OrderRecheckSchema>;
export const OrderRecheckResponse = Ok(OrderRecheckSchema);

/**
 * Refunds a fulfilled order in full at its payment provider and reverses its credit in the ledger
 * (decision 0133). 10120 unless fulfilled, an order already refunded included (a repeat, or another
 * operator first: only one call answers success); 10121 when the provider refuses. Audited.
 */
export const consoleOrderRefundPath = '/v1/console/orders/refund';
export const OrderRefundBody = signed({ orderNo: OrderNo });
export const OrderRefundResponse = Ok(OrderDetailSchema);

/** A user's balances and ledger rows, newest first, a page at a time. */
export const consoleUserWalletPath = '/v1/console/users/wallet';
export const LEDGER_PAGE_MAX = 100;
export const UserWalletQuery = signed({
  uid: Uid,
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: LEDGER_PAGE_MAX, default: 20 })),
});
export const LedgerRowSchema = Type.Object({
  id: Type.Integer(),
  asset: Type.String(),
  delta: Type.Integer(),
  reason: Type.String({ description: 'topup, gift_pack, gift_code' }),
  reference: Type.String({ description: 'order:<orderNo> or redemption:<id>' }),
  at: Type.Integer({ description: 'ms since the epoch' }),
});
export const UserWalletSchema = Type.Object({
  uid: Type.Integer(),
  ...WalletSchema.properties,
  ledger: Type.Array(LedgerRowSchema),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer({ description: 'ledger rows in all' }),
});
export type UserWallet = Static<typeof UserWalletSchema>;
export const UserWalletResponse = Ok(UserWalletSchema);

/**
 * Operators: orders paid at the provider but not credited yet (issue 19), oldest payment first. The
 * reconciler credits them by itself; the list shows what is waiting.
 */
export const consoleUncreditedOrdersPath = '/v1/console/orders/uncredited';
export const UncreditedOrdersQuery = signed({});
export const UNCREDITED_ORDERS_LIMIT = 100;

/** Operators: every gift pack for sale (all countries) with its purchase limit and period. */
export const consoleGiftPacksPath = '/v1/console/gift-packs';
export const GiftPackLimitSchema = Type.Object({
  id: Type.Integer(),
  country: Type.String(),
  name: Type.Record(Type.String(), Type.String()),
  limit: Type.Integer(),
  limitPeriod: stringEnum<LimitPeriod>(LIMIT_PERIODS),
});
export type GiftPackLimit = Static<typeof GiftPackLimitSchema>;
export const GiftPacksQuery = signed({});
export const GiftPacksResponse = Ok(Type.Object({ packs: Type.Array(GiftPackLimitSchema) }));

/** Operators: a pack's purchase limit and its period (audited); purchases already paid keep counting. */
export const consoleGiftPackLimitPath = '/v1/console/gift-packs/limit';
export const GiftPackLimitBody = signed({
  id: Type.Integer({ minimum: 1, maximum: INT4_MAX }),
  limit: Type.Integer({ minimum: 1, maximum: 10_000 }),
  limitPeriod: stringEnum<LimitPeriod>(LIMIT_PERIODS),
});
export const GiftPackLimitResponse = Ok(GiftPackLimitSchema);
