import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * First-party analytics and error intake. Rows come from browsers, so every column is what the
 * client claimed (uid included: attribution, not identity) except `received_at` and `user_agent`.
 * No address is stored.
 */

/** The columns of every record a browser sends: who (session, claimed uid, language, browser) and when. */
function clientRecordColumns() {
  return {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: text('session_id').notNull(),
    uid: bigint('uid', { mode: 'number' }),
    lang: text('lang'),
    userAgent: text('user_agent'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

/** Page views: one per navigation, with the page title and path (spec section 2, route guard). */
export const analyticsPageViews = pgTable(
  'analytics_page_views',
  {
    ...clientRecordColumns(),
    path: text('path').notNull(),
    title: text('title').notNull(),
    referrer: text('referrer'),
    /** Time to render the page (sampled sessions only; spec section 9's tracing sample rate). */
    durationMs: integer('duration_ms'),
  },
  (t) => [index('analytics_page_views_occurred').on(t.occurredAt), index('analytics_page_views_session').on(t.sessionId)],
);

/** Interaction events, e.g. category web_home, name jump_ios_store, target (store link), source. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    ...clientRecordColumns(),
    category: text('category').notNull(),
    name: text('name').notNull(),
    target: text('target'),
    source: text('source'),
    path: text('path').notNull(),
    props: jsonb('props').$type<Record<string, string | number>>(),
  },
  (t) => [
    index('analytics_events_name_occurred').on(t.category, t.name, t.occurredAt),
    index('analytics_events_session').on(t.sessionId),
  ],
);

/** Client error reports; one row per distinct error and browser session (the fingerprint). */
export const clientErrorReports = pgTable(
  'client_error_reports',
  {
    ...clientRecordColumns(),
    fingerprint: text('fingerprint').notNull(),
    kind: text('kind', { enum: ['script', 'promise', 'chunk', 'render'] }).notNull(),
    message: text('message').notNull(),
    source: text('source'),
    line: integer('line'),
    column: integer('column'),
    stack: text('stack'),
    path: text('path').notNull(),
  },
  (t) => [
    uniqueIndex('client_error_reports_session_fingerprint').on(t.sessionId, t.fingerprint),
    index('client_error_reports_fingerprint').on(t.fingerprint),
    index('client_error_reports_occurred').on(t.occurredAt),
  ],
);
