import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { OVER_LIMIT_REASONS } from '@vsp/contract/endpoints/recharge';
import type { Queryable } from '../../db/database';
import { ANY_COUNTRY, giftPacks, paymentMethods, paymentNotifications, topUpOrders, topUpProducts } from './recharge.schema';
import { lockAccount } from '../accounts';

export type ProductRow = typeof topUpProducts.$inferSelect;
export type GiftPackRow = typeof giftPacks.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type OrderRow = typeof topUpOrders.$inferSelect;
export type NewOrder = typeof topUpOrders.$inferInsert;
export type NotificationRow = typeof paymentNotifications.$inferSelect;
export type OrderStatusValue = OrderRow['status'];

export const UNPAID_STATUSES: OrderStatusValue[] = ['created', 'awaiting_payment'];

/** Rows of one catalogue table for a country, or the default rows when it has none of its own. */
type CountryTable = typeof topUpProducts | typeof giftPacks | typeof paymentMethods;

/** The payer key of a signed-in account: its own orders are never capped by anyone else's. */
export function accountPayer(uid: number): string {
  return `user:${uid}`;
}

/** Statuses of an order whose money was taken. */
export const PAID_STATUSES = ['paid', 'fulfilled', 'refunded'] as const satisfies readonly OrderStatusValue[];

/**
 * The orders of an account its owner sees (history, receipt list, data export): those the owner
 * placed signed in, and those anyone paid. An order someone else made and never paid is that
 * payer's business: nobody can fill a player's history with unpaid orders (issue 28, decision 0142).
 */
export function ordersTheOwnerSees(uid: number): SQL {
  return and(eq(topUpOrders.uid, uid), or(eq(topUpOrders.payer, accountPayer(uid)), inArray(topUpOrders.status, [...PAID_STATUSES])))!;
}

/** All SQL of top-up: catalogue, orders, provider notifications (the switches it reads are the site-settings module's). */
export class RechargeRepository {
  constructor(private readonly db: Queryable) {}

  async #forCountry<T extends CountryTable>(table: T, country: string) {
    const rows = await this.db
      .select()
      .from(table as CountryTable)
      .where(and(eq(table.active, true), inArray(table.country, [country, ANY_COUNTRY])))
      .orderBy(asc(table.sort), asc(table.id));
    const own = rows.filter((r) => r.country === country);
    return (own.length > 0 ? own : rows.filter((r) => r.country === ANY_COUNTRY)) as T['$inferSelect'][];
  }

  products(country: string): Promise<ProductRow[]> {
    return this.#forCountry(topUpProducts, country);
  }

  giftPacks(country: string): Promise<GiftPackRow[]> {
    return this.#forCountry(giftPacks, country);
  }

  paymentMethods(country: string): Promise<PaymentMethodRow[]> {
    return this.#forCountry(paymentMethods, country);
  }

  /** Countries with a configuration of their own in any catalogue table. */
  async countries(): Promise<string[]> {
    const result = await this.db.execute<{ country: string }>(sql`
      select country from ${topUpProducts} where active and country <> ${ANY_COUNTRY}
      union select country from ${giftPacks} where active and country <> ${ANY_COUNTRY}
      union select country from ${paymentMethods} where active and country <> ${ANY_COUNTRY}
      order by country`);
    return (result as unknown as { rows: { country: string }[] }).rows.map((r) => r.country);
  }

  async product(id: number): Promise<ProductRow | undefined> {
    const [row] = await this.db.select().from(topUpProducts).where(and(eq(topUpProducts.id, id), eq(topUpProducts.active, true)));
    return row;
  }

  async giftPack(id: number): Promise<GiftPackRow | undefined> {
    const [row] = await this.db.select().from(giftPacks).where(and(eq(giftPacks.id, id), eq(giftPacks.active, true)));
    return row;
  }

  /** Every gift pack, for sale or not, in every country (the console's limits page). */
  async allGiftPacks(): Promise<GiftPackRow[]> {
    return this.db.select().from(giftPacks).orderBy(asc(giftPacks.country), asc(giftPacks.sort), asc(giftPacks.id));
  }

  async giftPackById(id: number): Promise<GiftPackRow | undefined> {
    const [row] = await this.db.select().from(giftPacks).where(eq(giftPacks.id, id));
    return row;
  }

  async setGiftPackLimit(id: number, purchaseLimit: number, limitPeriod: GiftPackRow['limitPeriod']): Promise<GiftPackRow | undefined> {
    const [row] = await this.db.update(giftPacks).set({ purchaseLimit, limitPeriod }).where(eq(giftPacks.id, id)).returning();
    return row;
  }

  async paymentMethod(id: number): Promise<PaymentMethodRow | undefined> {
    const [row] = await this.db.select().from(paymentMethods).where(and(eq(paymentMethods.id, id), eq(paymentMethods.active, true)));
    return row;
  }

  async insertProducts(rows: (typeof topUpProducts.$inferInsert)[]) {
    return this.db.insert(topUpProducts).values(rows).returning();
  }

  async insertGiftPacks(rows: (typeof giftPacks.$inferInsert)[]) {
    return this.db.insert(giftPacks).values(rows).returning();
  }

  async insertPaymentMethods(rows: (typeof paymentMethods.$inferInsert)[]) {
    return this.db.insert(paymentMethods).values(rows).returning();
  }


  /** Serialises order creation per account (the unpaid cap and the pack limit are counted under it). */
  lockAccount(uid: number): Promise<boolean> {
    return lockAccount(this.db, uid);
  }

  async orderByKey(uid: number, idempotencyKey: string): Promise<OrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(topUpOrders)
      .where(and(eq(topUpOrders.uid, uid), eq(topUpOrders.idempotencyKey, idempotencyKey)));
    return row;
  }

  async order(orderNo: string, options: { lock?: boolean } = {}): Promise<OrderRow | undefined> {
    const query = this.db.select().from(topUpOrders).where(eq(topUpOrders.orderNo, orderNo));
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  }

  /** An account's newest orders (the console's order search by account ID). */
  async ordersOf(uid: number, limit: number): Promise<OrderRow[]> {
    return this.db.select().from(topUpOrders).where(eq(topUpOrders.uid, uid)).orderBy(desc(topUpOrders.createdAt), desc(topUpOrders.id)).limit(limit);
  }

  /** A page of the orders an account's owner sees, newest first (the player's order history). */
  async ordersPage(uid: number, offset: number, limit: number): Promise<OrderRow[]> {
    return this.db.select().from(topUpOrders).where(ordersTheOwnerSees(uid)).orderBy(desc(topUpOrders.createdAt), desc(topUpOrders.id)).offset(offset).limit(limit);
  }

  async countOrdersOf(uid: number): Promise<number> {
    return this.db.$count(topUpOrders, ordersTheOwnerSees(uid));
  }

  /**
   * What the account received in `currency` this month besides `except`: credited orders (by when
   * they were credited) and, with `includePaid`, payments not credited yet (by when they were paid).
   * Payments refunded for going over a limit never count.
   */
  async spentSince(uid: number, currency: string, since: Date, options: { includePaid: boolean; except?: string | undefined }): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<string>`coalesce(sum(${topUpOrders.priceMinor}), 0)::text` })
      .from(topUpOrders)
      .where(
        and(
          eq(topUpOrders.uid, uid),
          eq(topUpOrders.currency, currency),
          or(
            and(eq(topUpOrders.status, 'fulfilled'), gte(topUpOrders.fulfilledAt, since)),
            options.includePaid ? and(eq(topUpOrders.status, 'paid'), gte(topUpOrders.paidAt, since), or(isNull(topUpOrders.reason), notInArray(topUpOrders.reason, [...OVER_LIMIT_REASONS]))) : sql`false`,
          ),
          options.except ? sql`${topUpOrders.orderNo} <> ${options.except}` : undefined,
        ),
      );
    return Number(row?.total ?? 0);
  }

  /** Orders paid for the account (whoever paid), credited or refunded, newest first: after `since` or before `before`. */
  paidOrdersOf(uid: number, range: { since?: Date; before?: Date }, limit: number): Promise<OrderRow[]> {
    const at = sql`coalesce(${topUpOrders.paidAt}, ${topUpOrders.createdAt})`;
    return this.db
      .select()
      .from(topUpOrders)
      .where(
        and(
          eq(topUpOrders.uid, uid),
          inArray(topUpOrders.status, [...PAID_STATUSES]),
          range.since ? sql`${at} >= ${range.since.toISOString()}::timestamptz` : undefined,
          range.before ? sql`${at} < ${range.before.toISOString()}::timestamptz` : undefined,
        ),
      )
      .orderBy(desc(at), desc(topUpOrders.id))
      .limit(limit);
  }

  /** The currencies the store sells top-ups in, that of the default catalogue (every other country) first. */
  async offeredCurrencies(): Promise<string[]> {
    const rank = sql<number>`min(case when ${topUpProducts.country} = ${ANY_COUNTRY} then 0 else 1 end)`;
    const rows = await this.db.select({ currency: topUpProducts.currency, rank }).from(topUpProducts).where(eq(topUpProducts.active, true)).groupBy(topUpProducts.currency).orderBy(rank, asc(topUpProducts.currency));
    return rows.map((r) => r.currency);
  }

  /**
   * Unpaid, unexpired orders of an account: those of one payer (`payer`), or those of every payer
   * but one (`notPayer`: all strangers, leaving out the signed-in owner).
   */
  async countUnpaid(uid: number, now: Date, by: { payer: string } | { notPayer: string }): Promise<number> {
    return this.db.$count(
      topUpOrders,
      and(
        eq(topUpOrders.uid, uid),
        inArray(topUpOrders.status, UNPAID_STATUSES),
        gt(topUpOrders.expiresAt, now),
        'payer' in by ? eq(topUpOrders.payer, by.payer) : ne(topUpOrders.payer, by.notPayer),
      ),
    );
  }

  /**
   * Purchases of packs that count against their limits: paid ones only (decision 0095), refunded
   * ones included, so a refund never gives a limited pack back (decision 0133), but not a payment
   * refunded because it arrived over a limit (decision 0141). `creditedOnly` leaves out orders paid
   * but not yet credited: the check made when a payment is credited.
   */
  #countsAgainstLimit(uid: number, options: { creditedOnly?: boolean } = {}) {
    return and(
      eq(topUpOrders.uid, uid),
      eq(topUpOrders.kind, 'gift_pack'),
      inArray(topUpOrders.status, options.creditedOnly ? ['fulfilled', 'refunded'] : [...PAID_STATUSES]),
      or(isNull(topUpOrders.reason), notInArray(topUpOrders.reason, [...OVER_LIMIT_REASONS])),
    );
  }

  /**
   * Purchases of a pack, those paid since `since` when the limit has a period (issue 19); with
   * `creditedOnly`, only credited ones, leaving out the order `except`.
   */
  async countPackPurchases(uid: number, packId: number, since: Date | null = null, options: { creditedOnly?: boolean; except?: string } = {}): Promise<number> {
    return this.db.$count(
      topUpOrders,
      and(
        this.#countsAgainstLimit(uid, options),
        eq(topUpOrders.itemId, packId),
        since ? gte(topUpOrders.paidAt, since) : undefined,
        options.except ? ne(topUpOrders.orderNo, options.except) : undefined,
      ),
    );
  }

  /** When each of an account's paid pack purchases was paid, per pack (counted per period by the service). */
  async packPurchaseTimes(uid: number): Promise<Map<number, Date[]>> {
    const rows = await this.db.select({ itemId: topUpOrders.itemId, paidAt: topUpOrders.paidAt }).from(topUpOrders).where(this.#countsAgainstLimit(uid));
    const byPack = new Map<number, Date[]>();
    for (const r of rows) byPack.set(r.itemId, [...(byPack.get(r.itemId) ?? []), r.paidAt ?? new Date(0)]);
    return byPack;
  }

  /** A payer's unpaid orders of one pack for an account (a new order of it replaces them). */
  async unpaidPackOrdersOf(uid: number, packId: number, payer: string): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(topUpOrders)
      .where(
        and(
          eq(topUpOrders.uid, uid),
          eq(topUpOrders.kind, 'gift_pack'),
          eq(topUpOrders.itemId, packId),
          eq(topUpOrders.payer, payer),
          inArray(topUpOrders.status, UNPAID_STATUSES),
        ),
      );
  }

  async insertOrder(order: NewOrder): Promise<OrderRow> {
    const [row] = await this.db.insert(topUpOrders).values(order).returning();
    return row!;
  }

  /** Changes an order only while it is in one of `from` (the state machine's guard); answers the new row. */
  async transition(orderNo: string, from: readonly OrderStatusValue[], patch: Partial<NewOrder>): Promise<OrderRow | undefined> {
    const [row] = await this.db
      .update(topUpOrders)
      .set(patch)
      .where(and(eq(topUpOrders.orderNo, orderNo), inArray(topUpOrders.status, [...from])))
      .returning();
    return row;
  }

  async markChecked(orderNo: string, at: Date): Promise<void> {
    await this.db.update(topUpOrders).set({ checkedAt: at }).where(eq(topUpOrders.orderNo, orderNo));
  }

  /** Unpaid orders past their expiry become expired; answers them (their checkouts get closed). */
  async expireOverdue(now: Date): Promise<OrderRow[]> {
    return this.db
      .update(topUpOrders)
      .set({ status: 'expired', reason: 'expired' })
      .where(and(inArray(topUpOrders.status, UNPAID_STATUSES), lt(topUpOrders.expiresAt, now)))
      .returning();
  }

  /** Unpaid orders created before a maintenance window began become invalid. */
  async cancelUnpaidCreatedBefore(at: Date): Promise<OrderRow[]> {
    return this.db
      .update(topUpOrders)
      .set({ status: 'cancelled', reason: 'maintenance' })
      .where(and(inArray(topUpOrders.status, UNPAID_STATUSES), lt(topUpOrders.createdAt, at)))
      .returning();
  }

  async awaitingToCheck(checkedBefore: Date, createdBefore: Date, limit: number): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(topUpOrders)
      .where(
        and(
          eq(topUpOrders.status, 'awaiting_payment'),
          isNotNull(topUpOrders.providerRef),
          lt(topUpOrders.createdAt, createdBefore),
          or(isNull(topUpOrders.checkedAt), lt(topUpOrders.checkedAt, checkedBefore)),
        ),
      )
      .orderBy(asc(topUpOrders.checkedAt))
      .limit(limit);
  }

  /**
   * Orders whose checkout is open at the provider and unexpired, with no word from it yet: paid and
   * unheard of (a lost notification) or not paid at all; only the provider knows which (its
   * re-check, or the reconciler's inquiry, finds out). Oldest first.
   */
  async awaitingWithCheckout(now: Date, limit: number): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(topUpOrders)
      .where(and(eq(topUpOrders.status, 'awaiting_payment'), isNotNull(topUpOrders.providerRef), gt(topUpOrders.expiresAt, now)))
      .orderBy(asc(topUpOrders.createdAt), asc(topUpOrders.id))
      .limit(limit);
  }

  async paidNotFulfilled(limit: number): Promise<OrderRow[]> {
    return this.db.select().from(topUpOrders).where(eq(topUpOrders.status, 'paid')).orderBy(asc(topUpOrders.paidAt)).limit(limit);
  }

  /** Stores a verified notification once per provider event; a repeat only counts the delivery. */
  async recordNotification(values: Pick<NotificationRow, 'provider' | 'eventId' | 'orderNo' | 'type' | 'payload' | 'event'>): Promise<NotificationRow> {
    const [row] = await this.db
      .insert(paymentNotifications)
      .values(values)
      .onConflictDoUpdate({
        target: [paymentNotifications.provider, paymentNotifications.eventId],
        set: { deliveries: sql`${paymentNotifications.deliveries} + 1` },
      })
      .returning();
    return row!;
  }

  async notification(id: number, options: { lock?: boolean } = {}): Promise<NotificationRow | undefined> {
    const query = this.db.select().from(paymentNotifications).where(eq(paymentNotifications.id, id));
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  }

  async markProcessed(id: number, outcome: string, at: Date): Promise<void> {
    await this.db.update(paymentNotifications).set({ processedAt: at, outcome }).where(eq(paymentNotifications.id, id));
  }

  async unprocessedNotifications(receivedBefore: Date, limit: number): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(paymentNotifications)
      .where(and(isNull(paymentNotifications.processedAt), lt(paymentNotifications.receivedAt, receivedBefore)))
      .orderBy(asc(paymentNotifications.id))
      .limit(limit);
  }

  async notificationsFor(orderNo: string): Promise<NotificationRow[]> {
    return this.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo)).orderBy(asc(paymentNotifications.id));
  }
}
