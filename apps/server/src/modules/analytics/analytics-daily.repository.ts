import { and, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { analyticsEvents, analyticsPageViews, clientErrorReports } from './analytics.schema';

/** The events that count as a download click: the jumps to a store (spec section 7). */
export const DOWNLOAD_CLICK_CATEGORY = 'web_home';
export const DOWNLOAD_CLICK_NAMES = ['jump_ios_store', 'jump_android_store'];

/** A count per day, by the day's UTC date (`YYYY-MM-DD`); a day without rows is missing. */
type DayCounts = Map<string, number>;

/**
 * Per-day counts for the console's charts. Days are UTC dates of arrival (`received_at`, the one
 * time the client does not claim); `to_char` and `group by` read the same on PGlite and PostgreSQL.
 */
export class AnalyticsDailyRepository {
  constructor(private readonly db: Database) {}

  private async perDay(table: PgTable, receivedAt: PgColumn, since: Date, filter?: SQL): Promise<DayCounts> {
    const day = sql<string>`to_char(${receivedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const rows = await this.db
      .select({ day, count: sql<number>`count(*)::int` })
      .from(table)
      .where(filter ? and(gte(receivedAt, since), filter) : gte(receivedAt, since))
      .groupBy(day);
    return new Map(rows.map((row) => [row.day, Number(row.count)]));
  }

  pageViews(since: Date): Promise<DayCounts> {
    return this.perDay(analyticsPageViews, analyticsPageViews.receivedAt, since);
  }

  downloadClicks(since: Date): Promise<DayCounts> {
    return this.perDay(
      analyticsEvents,
      analyticsEvents.receivedAt,
      since,
      and(sql`${analyticsEvents.category} = ${DOWNLOAD_CLICK_CATEGORY}`, inArray(analyticsEvents.name, DOWNLOAD_CLICK_NAMES)),
    );
  }

  clientErrors(since: Date): Promise<DayCounts> {
    return this.perDay(clientErrorReports, clientErrorReports.receivedAt, since);
  }
}
