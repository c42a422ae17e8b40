import { desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { isoOf, withoutAddresses, type PersonalData } from '../../shared/personal-data';
import { accountPayer, ordersTheOwnerSees } from './recharge.repository';
import { paymentNotifications, topUpOrders } from './recharge.schema';

/**
 * Orders made for the account. The erasure keeps every order for accounting, without the addresses
 * receipts went to: the account's own orders, those it paid for other accounts, and any sent to its
 * address (issue 28); the provider's stored notices of those orders lose the same addresses. The
 * addresses found are added to the erasure's, for the parts of the `mentions` stage.
 */
export const rechargePersonalData = (db: Database): PersonalData => ({
  tables: [topUpOrders, paymentNotifications],
  async export({ uid, email }) {
    const rows = await db
      .select({
        orderNo: topUpOrders.orderNo,
        kind: topUpOrders.kind,
        contents: topUpOrders.contents,
        priceMinor: topUpOrders.priceMinor,
        currency: topUpOrders.currency,
        paymentMethod: topUpOrders.paymentMethodName,
        status: topUpOrders.status,
        // The address a receipt went to, when it is the owner's: the owner placed the order, or
        // gave the account's own address. A friend's or a stranger's address is theirs (issue 28).
        receiptEmail: sql<string | null>`case when ${topUpOrders.payer} = ${accountPayer(uid)} or lower(${topUpOrders.email}) = ${email.toLowerCase()} then ${topUpOrders.email} end`,
        createdAt: topUpOrders.createdAt,
        paidAt: topUpOrders.paidAt,
        fulfilledAt: topUpOrders.fulfilledAt,
        refundedAt: topUpOrders.refundedAt,
      })
      .from(topUpOrders)
      .where(ordersTheOwnerSees(uid))
      .orderBy(desc(topUpOrders.createdAt), desc(topUpOrders.id));
    const content = rows.map((o) => ({ ...o, createdAt: isoOf(o.createdAt), paidAt: isoOf(o.paidAt), fulfilledAt: isoOf(o.fulfilledAt), refundedAt: isoOf(o.refundedAt) }));
    return [{ path: 'orders.json', about: 'top-up and gift-pack orders made for your account', content }];
  },
  async erase({ tx, person, addresses, pseudonymousEmail }) {
    const email = person.email.toLowerCase();
    const ordersOfPerson = or(eq(topUpOrders.uid, person.uid), eq(topUpOrders.payer, accountPayer(person.uid)), sql`lower(${topUpOrders.email}) = ${email}`);
    const touched = await tx.select({ orderNo: topUpOrders.orderNo, email: topUpOrders.email }).from(topUpOrders).where(ordersOfPerson);
    for (const order of touched) if (order.email) addresses.add(order.email.toLowerCase());
    if (touched.length === 0) return;
    await tx.update(topUpOrders).set({ email: null }).where(ordersOfPerson);
    const notices = await tx
      .select({ id: paymentNotifications.id, payload: paymentNotifications.payload, event: paymentNotifications.event })
      .from(paymentNotifications)
      .where(inArray(paymentNotifications.orderNo, touched.map((o) => o.orderNo)));
    for (const notice of notices) {
      const payload = withoutAddresses(notice.payload, addresses, pseudonymousEmail);
      const event = JSON.parse(withoutAddresses(JSON.stringify(notice.event), addresses, pseudonymousEmail)) as typeof notice.event;
      if (payload !== notice.payload || JSON.stringify(event) !== JSON.stringify(notice.event)) await tx.update(paymentNotifications).set({ payload, event }).where(eq(paymentNotifications.id, notice.id));
    }
  },
});
