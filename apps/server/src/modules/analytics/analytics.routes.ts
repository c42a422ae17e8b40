import type { ApiRoutes } from '../../plugins/signature';
import { ANALYTICS_BODY_LIMIT } from '@vsp/contract/endpoints/analytics';
import { TokenHeaders } from '@vsp/contract/endpoints/user';
import { byAddress } from '../../plugins/rate-limit';
import { operationRoute } from '../../plugins/operation-route';
import type { AnalyticsService } from './analytics.service';

export interface AnalyticsRoutesOptions {
  analytics: AnalyticsService;
  /** Intake requests per client address and minute. */
  ratePerMinute: number;
}

/** Signed intake of page views, events and error reports, and the operators' reads of them. */
export const analyticsRoutes: ApiRoutes<AnalyticsRoutesOptions> = async (app, options) => {
  const { analytics } = options;
  const intakeLimit = app.routeLimits({ name: 'analytics:address', max: options.ratePerMinute, windowMs: 60_000, key: byAddress });
  const userAgent = (headers: Record<string, unknown>) => (typeof headers['user-agent'] === 'string' ? headers['user-agent'] : undefined);

  app.route({
    ...operationRoute(app, 'collectAnalytics', { tags: ['analytics'], summary: 'Store a batch of page views and events (also sent by sendBeacon on page hide)' }),
    bodyLimit: ANALYTICS_BODY_LIMIT,
    onRequest: intakeLimit,
    handler: async (request) => ({ accepted: await analytics.recordBatch(request.body, { userAgent: userAgent(request.headers) }) }),
  });

  app.route({
    ...operationRoute(app, 'reportErrors', { tags: ['analytics'], summary: 'Store client error reports; a distinct error is kept once per browser session' }),
    bodyLimit: ANALYTICS_BODY_LIMIT,
    onRequest: intakeLimit,
    handler: async (request) => ({ accepted: await analytics.recordErrors(request.body, { userAgent: userAgent(request.headers) }) }),
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
};
