import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LIMIT_PERIODS } from '@vsp/contract/purchase-limits';
import type { PackLine } from '@vsp/contract/wallet-assets';
import { users } from '../accounts/users.schema';

/** Country code of the default configuration, used where a country has none of its own. */
export const ANY_COUNTRY = '*';

/** Top-up products: an amount of one currency plus a bonus, priced in integer minor units. */
export const topUpProducts = pgTable(
  'topup_products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    country: text('country').notNull().default(ANY_COUNTRY),
    asset: text('asset').notNull(),
    amount: integer('amount').notNull(),
    bonus: integer('bonus').notNull().default(0),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('topup_products_country').on(t.country)],
);

/** Gift packs for sale: named contents with a per-account purchase limit ("Limit"). */
export const giftPacks = pgTable(
  'gift_packs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    country: text('country').notNull().default(ANY_COUNTRY),
    /** Name per language code; `en` always present. */
    name: jsonb('name').$type<Record<string, string>>().notNull(),
    contents: jsonb('contents').$type<PackLine[]>().notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    purchaseLimit: integer('purchase_limit').notNull(),
    /** Over what the limit counts: once (for good), or per UTC day, week or month (issue 19). */
    limitPeriod: text('limit_period', { enum: LIMIT_PERIODS }).notNull().default('once'),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('gift_packs_country').on(t.country)],
);

/** Payment methods per country, each served by a payment provider (sandbox, stripe). */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    country: text('country').notNull().default(ANY_COUNTRY),
    name: text('name').notNull(),
    provider: text('provider').notNull(),
    featured: boolean('featured').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('payment_methods_country').on(t.country)],
);

export const ORDER_STATUS_VALUES = ['created', 'awaiting_payment', 'paid', 'fulfilled', 'expired', 'failed', 'cancelled', 'refunded'] as const;

/**
 * Top-up and gift-pack orders. created -> awaiting_payment -> paid -> fulfilled (-> refunded), or
 * expired, failed, cancelled. Contents and price are copied at creation so later catalogue edits do not
 * change what was bought.
 */
export const topUpOrders = pgTable(
  'topup_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull().unique(),
    uid: bigint('uid', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['product', 'gift_pack'] }).notNull(),
    itemId: integer('item_id').notNull(),
    contents: jsonb('contents').$type<PackLine[]>().notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    paymentMethodId: integer('payment_method_id').notNull(),
    paymentMethodName: text('payment_method_name').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    checkoutUrl: text('checkout_url'),
    status: text('status', { enum: ORDER_STATUS_VALUES }).notNull().default('created'),
    reason: text('reason'),
    idempotencyKey: text('idempotency_key').notNull(),
    /**
     * Who placed the order: `user:<uid>` for a signed-in caller, else `addr:<hash>` of the client
     * address. The unpaid-order cap counts per payer (decision 0095).
     */
    payer: text('payer').notNull().default(''),
    email: text('email'),
    /** The language the payer used (a catalogue code): the receipt and a later refund mail are written in it. */
    lang: text('lang').notNull().default('en'),
    returnPath: text('return_path').notNull().default('/'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    /** When an operator refunded it in full, and the provider's id of that refund (decision 0133). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundRef: text('refund_ref'),
    /** When the reconciler last asked the provider about this order. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('topup_orders_uid_idempotency').on(t.uid, t.idempotencyKey),
    index('topup_orders_uid_status').on(t.uid, t.status),
    index('topup_orders_open').on(t.status).where(sql`${t.status} in ('created', 'awaiting_payment', 'paid')`),
  ],
);

/**
 * Every verified provider notification, stored before it is applied, once per provider event id.
 * processedAt stays empty until the order change it asked for is committed, so a crash in between
 * leaves work the reconciler finishes.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    orderNo: text('order_no').notNull(),
    type: text('type').notNull(),
    /** The raw body as received, for audit. */
    payload: text('payload').notNull(),
    /** The verified event as read from it (outcome, amount), so it can be applied again later. */
    event: jsonb('event').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    deliveries: integer('deliveries').notNull().default(1),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    outcome: text('outcome'),
  },
  (t) => [uniqueIndex('payment_notifications_event').on(t.provider, t.eventId), index('payment_notifications_unprocessed').on(t.receivedAt).where(sql`${t.processedAt} is null`)],
);
