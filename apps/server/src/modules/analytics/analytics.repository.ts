import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { analyticsEvents, analyticsPageViews, clientErrorReports } from './analytics.schema';

export type NewPageView = typeof analyticsPageViews.$inferInsert;
export type NewEvent = typeof analyticsEvents.$inferInsert;
export type NewErrorReport = typeof clientErrorReports.$inferInsert;
export type PageViewRow = typeof analyticsPageViews.$inferSelect;
export type EventRow = typeof analyticsEvents.$inferSelect;
export type ErrorReportRow = typeof clientErrorReports.$inferSelect;

export interface ListFilter {
  sessionId?: string | undefined;
  limit: number;
}

/** All SQL of the analytics and error intake. */
export class AnalyticsRepository {
  constructor(private readonly db: Database) {}

  /** Stores a batch in one transaction: all of it or none of it. */
  async insertBatch(pageViews: NewPageView[], events: NewEvent[]): Promise<number> {
    if (pageViews.length === 0 && events.length === 0) return 0;
    await this.db.transaction(async (tx) => {
      if (pageViews.length > 0) await tx.insert(analyticsPageViews).values(pageViews);
      if (events.length > 0) await tx.insert(analyticsEvents).values(events);
    });
    return pageViews.length + events.length;
  }

  /** Stores error reports; a fingerprint already stored for the session is skipped. Answers how many were new. */
  async insertErrorReports(reports: NewErrorReport[]): Promise<number> {
    if (reports.length === 0) return 0;
    const inserted = await this.db
      .insert(clientErrorReports)
      .values(reports)
      .onConflictDoNothing({ target: [clientErrorReports.sessionId, clientErrorReports.fingerprint] })
      .returning({ id: clientErrorReports.id });
    return inserted.length;
  }

  async listPageViews(filter: ListFilter): Promise<PageViewRow[]> {
    return this.db
      .select()
      .from(analyticsPageViews)
      .where(filter.sessionId ? eq(analyticsPageViews.sessionId, filter.sessionId) : undefined)
      .orderBy(desc(analyticsPageViews.id))
      .limit(filter.limit);
  }

  async listEvents(filter: ListFilter & { category?: string | undefined; name?: string | undefined }): Promise<EventRow[]> {
    const conditions: SQL[] = [];
    if (filter.sessionId) conditions.push(eq(analyticsEvents.sessionId, filter.sessionId));
    if (filter.category) conditions.push(eq(analyticsEvents.category, filter.category));
    if (filter.name) conditions.push(eq(analyticsEvents.name, filter.name));
    return this.db
      .select()
      .from(analyticsEvents)
      .where(conditions.length > 0 ? and(...conditions) : undefined)
      .orderBy(desc(analyticsEvents.id))
      .limit(filter.limit);
  }

  async listErrorReports(filter: ListFilter): Promise<ErrorReportRow[]> {
    return this.db
      .select()
      .from(clientErrorReports)
      .where(filter.sessionId ? eq(clientErrorReports.sessionId, filter.sessionId) : undefined)
      .orderBy(desc(clientErrorReports.id))
      .limit(filter.limit);
  }
}
