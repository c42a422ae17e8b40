import { and, asc, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import type { OrderRow } from '../recharge';
import { parentLinks, parentNotices, parentTokens, type ParentTokenPurpose } from './parental.schema';

export type ParentLinkRow = typeof parentLinks.$inferSelect;
export type ParentTokenRow = typeof parentTokens.$inferSelect;
export type ParentNoticeRow = typeof parentNotices.$inferSelect;

/**
 * All SQL of parental controls (issue 32): the link, the one-time links and sessions, and the
 * purchase notices (the month's spending the limit counts, the orders and the currencies are top-up's:
 * RechargeRepository). Works on the app's database or inside the top-up transaction that holds the
 * account's row lock (the limit's checks, the notice's insert).
 */
export class ParentalRepository {
  constructor(private readonly db: Queryable) {}

  async link(uid: number): Promise<ParentLinkRow | undefined> {
    const [row] = await this.db.select().from(parentLinks).where(eq(parentLinks.uid, uid));
    return row;
  }

  /** The confirmed link of an account, if any: only a confirmed parent's settings apply. */
  async activeLink(uid: number): Promise<ParentLinkRow | undefined> {
    const [row] = await this.db.select().from(parentLinks).where(and(eq(parentLinks.uid, uid), eq(parentLinks.state, 'active')));
    return row;
  }

  /** Confirmed links to an address (one parent may manage several children). */
  activeLinksOf(email: string): Promise<ParentLinkRow[]> {
    return this.db
      .select()
      .from(parentLinks)
      .where(and(sql`lower(${parentLinks.email}) = ${email.toLowerCase()}`, eq(parentLinks.state, 'active')))
      .orderBy(asc(parentLinks.uid))
      .limit(20);
  }

  /**
   * Records (or replaces) a pending request; answers undefined when a confirmed parent is linked
   * already, which a player cannot replace.
   */
  async requestLink(uid: number, email: string, lang: string, at: Date): Promise<ParentLinkRow | undefined> {
    const [row] = await this.db
      .insert(parentLinks)
      .values({ uid, email, lang, state: 'pending', requestedAt: at, updatedAt: at })
      .onConflictDoUpdate({ target: parentLinks.uid, set: { email, lang, requestedAt: at, updatedAt: at }, setWhere: eq(parentLinks.state, 'pending') })
      .returning();
    return row;
  }

  /** The pending link becomes active with the parent's PIN; undefined when it is not pending. */
  async confirm(uid: number, pinHash: string, at: Date): Promise<ParentLinkRow | undefined> {
    const [row] = await this.db
      .update(parentLinks)
      .set({ state: 'active', pinHash, confirmedAt: at, updatedAt: at })
      .where(and(eq(parentLinks.uid, uid), eq(parentLinks.state, 'pending')))
      .returning();
    return row;
  }

  async update(uid: number, values: Partial<Pick<ParentLinkRow, 'monthlyLimitMinor' | 'limitCurrency' | 'giftPacksAllowed' | 'lang'>>, at: Date): Promise<ParentLinkRow | undefined> {
    const [row] = await this.db
      .update(parentLinks)
      .set({ ...values, updatedAt: at })
      .where(and(eq(parentLinks.uid, uid), eq(parentLinks.state, 'active')))
      .returning();
    return row;
  }

  /** Removes the link and every link and session of it; answers the removed link. */
  async unlink(uid: number): Promise<ParentLinkRow | undefined> {
    const [row] = await this.db.delete(parentLinks).where(eq(parentLinks.uid, uid)).returning();
    await this.db.delete(parentTokens).where(eq(parentTokens.uid, uid));
    return row;
  }

  async insertToken(values: { tokenHash: string; uid: number; purpose: ParentTokenPurpose; createdAt: Date; expiresAt: Date }): Promise<ParentTokenRow> {
    const [row] = await this.db.insert(parentTokens).values(values).returning();
    return row!;
  }

  async token(tokenHash: string, purpose: ParentTokenPurpose): Promise<ParentTokenRow | undefined> {
    const [row] = await this.db.select().from(parentTokens).where(and(eq(parentTokens.tokenHash, tokenHash), eq(parentTokens.purpose, purpose)));
    return row;
  }

  /** Uses a link or ends a session once; false when it was used meanwhile. */
  async claimToken(id: number, at: Date): Promise<boolean> {
    const rows = await this.db.update(parentTokens).set({ usedAt: at }).where(and(eq(parentTokens.id, id), isNull(parentTokens.usedAt))).returning({ id: parentTokens.id });
    return rows.length === 1;
  }

  /** Uses up every open link of one purpose of the account (a new request replaces them). */
  async voidTokens(uid: number, purpose: ParentTokenPurpose, at: Date): Promise<void> {
    await this.db.update(parentTokens).set({ usedAt: at }).where(and(eq(parentTokens.uid, uid), eq(parentTokens.purpose, purpose), isNull(parentTokens.usedAt)));
  }

  async deleteToken(id: number): Promise<void> {
    await this.db.delete(parentTokens).where(eq(parentTokens.id, id));
  }

  /** The notice of a credited order, once: inside the crediting transaction, when a parent is linked. */
  async recordNotice(order: Pick<OrderRow, 'uid' | 'orderNo' | 'kind' | 'priceMinor' | 'currency'>, at: Date): Promise<ParentNoticeRow | undefined> {
    const link = await this.activeLink(order.uid);
    if (!link) return undefined;
    const [row] = await this.db
      .insert(parentNotices)
      .values({ uid: order.uid, orderNo: order.orderNo, kind: order.kind, priceMinor: order.priceMinor, currency: order.currency, email: link.email, createdAt: at })
      .onConflictDoNothing()
      .returning();
    return row;
  }

  notices(uid: number, limit: number): Promise<ParentNoticeRow[]> {
    return this.db.select().from(parentNotices).where(eq(parentNotices.uid, uid)).orderBy(desc(parentNotices.createdAt), desc(parentNotices.id)).limit(limit);
  }

  /** Notices not mailed yet, oldest first (of one account, or all). */
  unsentNotices(uid: number | undefined, limit: number): Promise<ParentNoticeRow[]> {
    return this.db
      .select()
      .from(parentNotices)
      .where(and(isNull(parentNotices.sentAt), uid === undefined ? undefined : eq(parentNotices.uid, uid)))
      .orderBy(asc(parentNotices.id))
      .limit(limit);
  }

  /** Claims a notice for sending: false when another process sent it. */
  async markSent(id: number, at: Date): Promise<boolean> {
    const rows = await this.db.update(parentNotices).set({ sentAt: at }).where(and(eq(parentNotices.id, id), isNull(parentNotices.sentAt))).returning({ id: parentNotices.id });
    return rows.length === 1;
  }

  async unmarkSent(id: number): Promise<void> {
    await this.db.update(parentNotices).set({ sentAt: null }).where(eq(parentNotices.id, id));
  }

  /** For the export: the link without its PIN hash, the notices, and the one-time links' dates (never their hashes). */
  async exportOf(uid: number) {
    const link = await this.link(uid);
    const tokens = await this.db
      .select({ purpose: parentTokens.purpose, createdAt: parentTokens.createdAt, expiresAt: parentTokens.expiresAt, usedAt: parentTokens.usedAt })
      .from(parentTokens)
      .where(eq(parentTokens.uid, uid))
      .orderBy(desc(parentTokens.createdAt));
    const notices = await this.db
      .select({ orderNo: parentNotices.orderNo, kind: parentNotices.kind, priceMinor: parentNotices.priceMinor, currency: parentNotices.currency, email: parentNotices.email, createdAt: parentNotices.createdAt, sentAt: parentNotices.sentAt })
      .from(parentNotices)
      .where(eq(parentNotices.uid, uid))
      .orderBy(desc(parentNotices.createdAt));
    const { pinHash: _pin, ...shown } = link ?? { pinHash: null };
    return { link: link ? shown : null, links: tokens, notices };
  }

  /** The erasure: the link, its links and sessions, and the notices go. */
  async eraseOf(uid: number): Promise<void> {
    await this.db.delete(parentNotices).where(eq(parentNotices.uid, uid));
    await this.db.delete(parentTokens).where(eq(parentTokens.uid, uid));
    await this.db.delete(parentLinks).where(eq(parentLinks.uid, uid));
  }

  /** Links and sessions long over (a sweep keeps the table small). */
  async deleteLapsedTokens(before: Date): Promise<void> {
    await this.db.delete(parentTokens).where(or(lt(parentTokens.expiresAt, before), lt(parentTokens.usedAt, before)));
  }
}
