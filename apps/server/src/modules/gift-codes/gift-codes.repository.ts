import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { giftCampaigns, giftCodes, giftRedemptions, users } from '../../db/schema';

export type CampaignRow = typeof giftCampaigns.$inferSelect;
export type NewCampaign = typeof giftCampaigns.$inferInsert;

function redemptionContextQuery(db: Queryable) {
  return db
    .select({
      blocked: users.blocked,
      code: giftCodes,
      campaign: giftCampaigns,
      redeemed: sql<boolean>`exists (select 1 from ${giftRedemptions} where ${giftRedemptions.uid} = ${users.uid} and (${giftRedemptions.campaignId} = ${giftCampaigns.id} or ${giftRedemptions.redemptionGroup} = ${giftCampaigns.redemptionGroup}))`,
    })
    .from(users)
    .leftJoin(giftCodes, eq(giftCodes.code, sql.placeholder('code')))
    .leftJoin(giftCampaigns, eq(giftCodes.campaignId, giftCampaigns.id))
    .where(eq(users.uid, sql.placeholder('uid')))
    .prepare('gift_redemption_context');
}

/** All SQL of gift codes. The redemption steps are single statements whose guards make over-claiming impossible. */
export class GiftCodesRepository {
  constructor(private readonly db: Queryable) {}

  async insertCampaign(campaign: NewCampaign): Promise<CampaignRow> {
    const [row] = await this.db.insert(giftCampaigns).values(campaign).returning();
    return row!;
  }

  /** Inserts codes, skipping any that already exist; answers how many were new. */
  async insertCodes(campaignId: number, codes: readonly string[]): Promise<number> {
    if (codes.length === 0) return 0;
    const rows = await this.db
      .insert(giftCodes)
      .values(codes.map((code) => ({ code, campaignId })))
      .onConflictDoNothing()
      .returning({ code: giftCodes.code });
    return rows.length;
  }

  async campaigns(): Promise<(CampaignRow & { codes: number; sharedCode: string | null })[]> {
    const rows = await this.db
      .select({
        campaign: giftCampaigns,
        codes: sql<number>`(select count(*)::int from ${giftCodes} where ${giftCodes.campaignId} = ${giftCampaigns.id})`,
        sharedCode: sql<string | null>`(select min(${giftCodes.code}) from ${giftCodes} where ${giftCodes.campaignId} = ${giftCampaigns.id} and ${giftCampaigns.codeKind} = 'shared')`,
      })
      .from(giftCampaigns)
      .orderBy(asc(giftCampaigns.id));
    return rows.map((r) => ({ ...r.campaign, codes: r.codes, sharedCode: r.sharedCode }));
  }

  /** Changes the window and cap unless the cap would fall below the claims counted; answers whether it did. */
  async updateCampaign(id: number, change: { startsAt: Date; endsAt: Date; totalCap: number; redemptionGroup: string | null }): Promise<boolean> {
    const rows = await this.db
      .update(giftCampaigns)
      .set(change)
      .where(and(eq(giftCampaigns.id, id), lte(giftCampaigns.claimed, change.totalCap)))
      .returning({ id: giftCampaigns.id });
    return rows.length > 0;
  }

  async disableCampaign(id: number, at: Date): Promise<void> {
    await this.db.update(giftCampaigns).set({ disabledAt: at }).where(and(eq(giftCampaigns.id, id), isNull(giftCampaigns.disabledAt)));
  }

  async codesOf(campaignId: number) {
    return this.db.select({ code: giftCodes.code, usedBy: giftCodes.usedBy }).from(giftCodes).where(eq(giftCodes.campaignId, campaignId)).orderBy(asc(giftCodes.code));
  }

  /** A code (exact bytes: `=` on text is case sensitive) with its campaign. */
  async findCode(code: string) {
    const [row] = await this.db
      .select({ code: giftCodes, campaign: giftCampaigns })
      .from(giftCodes)
      .innerJoin(giftCampaigns, eq(giftCodes.campaignId, giftCampaigns.id))
      .where(eq(giftCodes.code, code));
    return row;
  }

  /**
   * What a redemption checks before its transaction, in one statement: the account (absent when no
   * account has this ID), the code and its campaign (null when no such code), and whether the
   * account already redeemed this campaign or any campaign of its group.
   */
  async redemptionContext(code: string, uid: number) {
    this.#redemptionContext ??= redemptionContextQuery(this.db);
    const [row] = await this.#redemptionContext.execute({ code, uid });
    return row;
  }

  /** Prepared on first use (PostgreSQL plans it once per connection; no request builds its SQL). */
  #redemptionContext: ReturnType<typeof redemptionContextQuery> | undefined;

  /**
   * One redemption per account and campaign, and per account and group: a concurrent second insert
   * waits on either unique index, then conflicts (no conflict target, so both indexes guard it).
   */
  async insertRedemption(campaignId: number, uid: number, code: string, group: string | null = null): Promise<number | undefined> {
    const [row] = await this.db
      .insert(giftRedemptions)
      .values({ campaignId, uid, code, redemptionGroup: group })
      .onConflictDoNothing()
      .returning({ id: giftRedemptions.id });
    return row?.id;
  }

  /** Takes a single-use code if nobody has; under the row lock a racing second taker sees it used. */
  async claimCode(code: string, uid: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(giftCodes)
      .set({ usedBy: uid, usedAt: at })
      .where(and(eq(giftCodes.code, code), isNull(giftCodes.usedBy)))
      .returning({ code: giftCodes.code });
    return rows.length > 0;
  }

  /** Counts one claim if the cap allows it; concurrent claims queue on the campaign row. */
  async countClaim(campaignId: number): Promise<boolean> {
    const rows = await this.db
      .update(giftCampaigns)
      .set({ claimed: sql`${giftCampaigns.claimed} + 1` })
      .where(and(eq(giftCampaigns.id, campaignId), lt(giftCampaigns.claimed, giftCampaigns.totalCap)))
      .returning({ id: giftCampaigns.id });
    return rows.length > 0;
  }

  async redemptionCount(campaignId: number): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(giftRedemptions).where(eq(giftRedemptions.campaignId, campaignId));
    return row?.n ?? 0;
  }
}
