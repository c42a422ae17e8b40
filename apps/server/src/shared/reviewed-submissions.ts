import { and, asc, desc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database';

/** The columns of a table whose rows wait in the operators' review queue (songs, outfits). */
export interface ReviewedTable extends PgTable {
  id: AnyPgColumn<{ data: number; notNull: true }>;
  /** The creator's account. */
  uid: AnyPgColumn<{ data: number; notNull: true }>;
  createdAt: AnyPgColumn<{ data: Date; notNull: true }>;
  /** The rejected submission this one fixes. */
  resubmitOf: AnyPgColumn<{ data: number; notNull: false }>;
  claimedBy: AnyPgColumn<{ data: number; notNull: false }>;
  claimedAt: AnyPgColumn<{ data: Date; notNull: false }>;
  claimedUntil: AnyPgColumn<{ data: Date; notNull: false }>;
}

/**
 * What songs and outfits share as submissions an operator reviews, written once for both tables:
 * the creator's pages of them, the review queue with its claims (decision 0132: who reviews an item
 * now and until when) and the resubmissions that fix rejected ones (decision 0131). The owning
 * module makes one over its table, with the condition that puts a row in the queue and how a
 * person's name is read.
 */
export class ReviewedSubmissions<Row> {
  constructor(
    private readonly db: Database,
    private readonly table: ReviewedTable & { $inferSelect: Row },
    /** The rows in the queue (pending review). */
    private readonly pending: SQL,
    /** A person's display name from their id (the accounts module's). */
    private readonly nameOf: (uid: PgColumn) => SQL<string | null>,
  ) {}

  /** One page of a creator's submissions, newest first, and how many there are in all. */
  async pageByUid(uid: number, page: number, pageSize: number): Promise<{ rows: Row[]; total: number }> {
    const { table } = this;
    const rows = await this.db
      .select()
      .from(table)
      .where(eq(table.uid, uid))
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { rows: rows as Row[], total: await this.db.$count(table, eq(table.uid, uid)) };
  }

  /**
   * The review queue: pending items, oldest first, with the creator's name (never null: a deleted
   * account takes its submissions with it) and the claimer's (null when unclaimed).
   */
  async pendingForReview(limit: number) {
    const { table } = this;
    const rows = await this.db
      .select({ item: table, userName: this.nameOf(table.uid), claimerName: this.nameOf(table.claimedBy) })
      .from(table)
      .where(this.pending)
      .orderBy(asc(table.createdAt), asc(table.id))
      .limit(limit);
    return rows as { item: Row; userName: string | null; claimerName: string | null }[];
  }

  /**
   * Takes a pending item for `uid` until `until`, in one conditional UPDATE: it succeeds only when
   * nobody holds a live claim (none, one that ended by `now`, or `uid`'s own). PostgreSQL re-checks
   * the condition on the row a concurrent UPDATE just changed, so of two operators claiming at
   * once exactly one gets the row. False when it is held by another, decided or gone.
   */
  async claimForReview(id: number, uid: number, now: Date, until: Date): Promise<boolean> {
    const { table } = this;
    const rows = await this.db
      .update(table)
      .set({ claimedBy: uid, claimedAt: now, claimedUntil: until })
      .where(and(eq(table.id, id), this.pending, or(isNull(table.claimedBy), lte(table.claimedUntil, now), eq(table.claimedBy, uid))))
      .returning({ id: table.id });
    return rows.length > 0;
  }

  /** Gives `uid`'s claim on an item back (ends it now); false when `uid` held none. */
  async releaseClaim(id: number, uid: number, now: Date): Promise<boolean> {
    const { table } = this;
    const rows = await this.db
      .update(table)
      .set({ claimedUntil: now })
      .where(and(eq(table.id, id), eq(table.claimedBy, uid)))
      .returning({ id: table.id });
    return rows.length > 0;
  }

  /** The submissions that fix the given (rejected) ones, by the id they fix. */
  async resubmissionsOf(ids: readonly number[]): Promise<Map<number, { id: number; createdAt: Date }>> {
    if (ids.length === 0) return new Map();
    const { table } = this;
    const rows = await this.db
      .select({ id: table.id, resubmitOf: table.resubmitOf, createdAt: table.createdAt })
      .from(table)
      .where(inArray(table.resubmitOf, [...ids]));
    return new Map(rows.flatMap((r) => (r.resubmitOf === null ? [] : [[r.resubmitOf, { id: r.id, createdAt: r.createdAt }] as const])));
  }

  /** The claim on an item, with the claimer's name, and whether it is pending; undefined when the item does not exist. */
  async claimOf(id: number) {
    const { table } = this;
    const [row] = await this.db
      .select({
        claimedBy: table.claimedBy,
        claimedUntil: table.claimedUntil,
        claimerName: this.nameOf(table.claimedBy),
        pending: sql<boolean>`coalesce(${this.pending}, false)`,
      })
      .from(table)
      .where(eq(table.id, id))
      .limit(1);
    return row;
  }
}
