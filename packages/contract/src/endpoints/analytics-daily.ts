import Type, { type Static } from 'typebox';
import { Ok } from '../envelope-schema';
import { signed } from './signed';

/** Operator console: page views, download clicks and client errors per day (UTC, by arrival time). */
export const consoleAnalyticsDailyPath = '/v1/console/analytics/daily';
export const ANALYTICS_DAILY_DAYS_MAX = 90;
export const ANALYTICS_DAILY_DAYS_DEFAULT = 30;

export const AnalyticsDailyQuery = signed({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: ANALYTICS_DAILY_DAYS_MAX, description: `how many days back, today included (default ${ANALYTICS_DAILY_DAYS_DEFAULT})` })),
});

export const AnalyticsDaySchema = Type.Object({
  day: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'UTC date' }),
  pageViews: Type.Integer({ minimum: 0 }),
  downloadClicks: Type.Integer({ minimum: 0, description: 'jumps to the iOS or Android store' }),
  clientErrors: Type.Integer({ minimum: 0 }),
});
export type AnalyticsDay = Static<typeof AnalyticsDaySchema>;

export const AnalyticsDailyResponse = Ok(
  Type.Object({ days: Type.Array(AnalyticsDaySchema, { description: 'one entry per day, oldest first, days without data as zeros' }) }),
);
