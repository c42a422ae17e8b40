import type { ApiRoutes } from '../../plugins/signature';
import { ANALYTICS_BODY_LIMIT } from '@vsp/contract/endpoints/analytics';
import { TokenHeaders } from '@vsp/contract/endpoints/user';
import { byAddress } from '../../plugins/rate-limit';
import { operationRoute } from '../../plugins/operation-route';
import type { ModuleOptions } from '../server-module';
import type { AnalyticsDailyService } from './analytics-daily.service';
import type { AnalyticsService } from './analytics.service';

/** Signed intake of page views, events and error reports, the operators' reads of them and their counts per day. */
export const analyticsRoutes: ApiRoutes<ModuleOptions<{ analytics: AnalyticsService; analyticsDaily: AnalyticsDailyService }>> = async (app, { context: { config }, services: { analytics, analyticsDaily } }) => {
  const intakeLimit = app.routeLimits({ name: 'analytics:address', max: config.ANALYTICS_RATE_LIMIT_PER_MINUTE, windowMs: 60_000, key: byAddress });

  app.route({
    ...operationRoute(app, 'collectAnalytics', { tags: ['analytics'], summary: 'Store a batch of page views and events (also sent by sendBeacon on page hide)' }),
    bodyLimit: ANALYTICS_BODY_LIMIT,
    onRequest: intakeLimit,
    handler: async (request) => ({ accepted: await analytics.recordBatch(request.body, { userAgent: request.headers['user-agent'] }) }),
  });

  app.route({
    ...operationRoute(app, 'reportErrors', { tags: ['analytics'], summary: 'Store client error reports; a distinct error is kept once per browser session' }),
    bodyLimit: ANALYTICS_BODY_LIMIT,
    onRequest: intakeLimit,
    handler: async (request) => ({ accepted: await analytics.recordErrors(request.body, { userAgent: request.headers['user-agent'] }) }),
  });

  app.route({
    ...operationRoute(app, 'pageViews', { tags: ['analytics'], summary: 'Stored page views, newest first (operators)', headers: TokenHeaders }),
    handler: async (request) => ({ items: await analytics.pageViews({ sessionId: request.query.sessionId, limit: request.query.limit ?? 50 }) }),
  });

  app.route({
    ...operationRoute(app, 'analyticsEvents', { tags: ['analytics'], summary: 'Stored events, newest first (operators)', headers: TokenHeaders }),
    handler: async (request) => {
      const { sessionId, category, name, limit } = request.query;
      return { items: await analytics.events({ sessionId, category, name, limit: limit ?? 50 }) };
    },
  });

  app.route({
    ...operationRoute(app, 'errorReports', { tags: ['analytics'], summary: 'Stored client error reports, newest first (operators)', headers: TokenHeaders }),
    handler: async (request) => ({ items: await analytics.errorReports({ sessionId: request.query.sessionId, limit: request.query.limit ?? 50 }) }),
  });

  // The console's analytics charts.
  app.route({
    ...operationRoute(app, 'analyticsDaily', { tags: ['console'], summary: 'Page views, download clicks and client errors per UTC day' }),
    handler: async (request) => ({ days: await analyticsDaily.daily(request.query.days) }),
  });
};
