import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { giftCampaigns, giftCodes, giftRedemptions } from './gift-codes.schema';
import { accountRowOf } from '../accounts';

export type CampaignRow = typeof giftCampaigns.$inferSelect;
export type NewCampaign = typeof giftCampaigns.$inferInsert;

function redemptionContextQuery(db: Queryable) {
  const account = accountRowOf(db, sql.placeholder('uid'));
  return db
    .select({
      blocked: account.blocked,
      code: giftCodes,
      campaign: giftCampaigns,
      redeemed: sql<boolean>`exists (select 1 from ${giftRedemptions} where ${giftRedemptions.uid} = ${account.uid} and (${giftRedemptions.campaignId} = ${giftCampaigns.id} or ${giftRedemptions.redemptionGroup} = ${giftCampaigns.redemptionGroup}))`,
    })
    .from(account)
    .leftJoin(giftCodes, eq(giftCodes.code, sql.placeholder('code')))
    // A code of a campaign still being written has no campaign yet: it answers as unknown.
    .leftJoin(giftCampaigns, and(eq(giftCodes.campaignId, giftCampaigns.id), isNull(giftCampaigns.pendingUntil)))
    .prepare('gift_redemption_context');
}

/** A campaign still pending at this moment was abandoned: the database's clock, as `pending_until` was set by it. */
const abandoned = (campaignId: number) => and(eq(giftCampaigns.id, campaignId), lte(giftCampaigns.pendingUntil, sql`now()`));

/** All SQL of gift codes. The redemption steps are single statements whose guards make over-claiming impossible. */
export class GiftCodesRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * A new campaign, pending (neither listed nor redeemable) until `completeCampaign`, which must
   * come within `pendingForMs` by the database's clock (decision 0143).
   */
  async insertPendingCampaign(campaign: Omit<NewCampaign, 'pendingUntil'>, pendingForMs: number): Promise<CampaignRow> {
    const [row] = await this.db
      .insert(giftCampaigns)
      .values({ ...campaign, pendingUntil: sql`now() + ${pendingForMs} * interval '1 millisecond'` })
      .returning();
    return row!;
  }

  /** Shows a pending campaign, unless its time ran out (then it is abandoned); answers whether it did. */
  async completeCampaign(id: number): Promise<boolean> {
    const rows = await this.db
      .update(giftCampaigns)
      .set({ pendingUntil: null })
      .where(and(eq(giftCampaigns.id, id), gt(giftCampaigns.pendingUntil, sql`now()`)))
      .returning({ id: giftCampaigns.id });
    return rows.length > 0;
  }

  /** Gives up a pending campaign now (its creation failed): it is abandoned from here on. */
  async abandonCampaign(id: number): Promise<void> {
    await this.db
      .update(giftCampaigns)
      .set({ pendingUntil: sql`now()` })
      .where(and(eq(giftCampaigns.id, id), isNotNull(giftCampaigns.pendingUntil)));
  }

  /** Campaigns whose creation was abandoned. */
  async abandonedCampaigns(): Promise<number[]> {
    const rows = await this.db.select({ id: giftCampaigns.id }).from(giftCampaigns).where(lte(giftCampaigns.pendingUntil, sql`now()`));
    return rows.map((r) => r.id);
  }

  /**
   * Deletes up to `limit` codes of an abandoned campaign (never of another); answers how many. The
   * campaign row goes last (`deleteAbandonedCampaign`), once none is left.
   */
  async deleteAbandonedCodes(campaignId: number, limit: number): Promise<number> {
    const some = this.db.select({ code: giftCodes.code }).from(giftCodes).where(eq(giftCodes.campaignId, campaignId)).limit(limit);
    const rows = await this.db
      .delete(giftCodes)
      .where(and(inArray(giftCodes.code, some), sql`exists (${this.db.select({ one: sql`1` }).from(giftCampaigns).where(abandoned(campaignId))})`))
      .returning({ code: giftCodes.code });
    return rows.length;
  }

  async deleteAbandonedCampaign(campaignId: number): Promise<void> {
    await this.db.delete(giftCampaigns).where(abandoned(campaignId));
  }

  /**
   * Inserts codes, skipping any that already exist, and counts the new ones on the campaign in the
   * same statement; answers how many were new. One array parameter rather than two per row: the
   * statement is built and sent in a fraction of the time, time the event loop is held (decision 0143).
   */
  async insertCodes(campaignId: number, codes: readonly string[]): Promise<number> {
    if (codes.length === 0) return 0;
    const result = await this.db.execute(sql`
      with added as (
        insert into ${giftCodes} (code, campaign_id) select unnest(${sql.param(codes)}::text[]), ${campaignId}::integer
        on conflict do nothing returning 1
      )
      update ${giftCampaigns} set code_count = code_count + (select count(*) from added) where id = ${campaignId}
      returning (select count(*)::integer from added) as added`);
    return (result as unknown as { rows: { added: number }[] }).rows[0]?.added ?? 0;
  }

  /** The campaigns whose creation completed (never one still pending); only campaign `id` when given. */
  async campaigns(id?: number): Promise<(CampaignRow & { sharedCode: string | null })[]> {
    const rows = await this.db
      .select({
        campaign: giftCampaigns,
        sharedCode: sql<string | null>`(select min(${giftCodes.code}) from ${giftCodes} where ${giftCodes.campaignId} = ${giftCampaigns.id} and ${giftCampaigns.codeKind} = 'shared')`,
      })
      .from(giftCampaigns)
      .where(and(isNull(giftCampaigns.pendingUntil), id === undefined ? undefined : eq(giftCampaigns.id, id)))
      .orderBy(asc(giftCampaigns.id));
    return rows.map((r) => ({ ...r.campaign, sharedCode: r.sharedCode }));
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

  /**
   * Up to `limit` codes of a campaign whose creation completed, in code order after `after` (the
   * last code of the page before; '' for the first): an export is read a page at a time.
   */
  async codesPage(campaignId: number, after: string, limit: number) {
    return this.db
      .select({ code: giftCodes.code, usedBy: giftCodes.usedBy })
      .from(giftCodes)
      .innerJoin(giftCampaigns, and(eq(giftCampaigns.id, giftCodes.campaignId), isNull(giftCampaigns.pendingUntil)))
      .where(and(eq(giftCodes.campaignId, campaignId), gt(giftCodes.code, after)))
      .orderBy(asc(giftCodes.code))
      .limit(limit);
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
}
