import type { ApiRoutes } from '../../plugins/signature';
import { operationRoute } from '../../plugins/operation-route';
import type { AnalyticsDailyService } from './analytics-daily.service';

/** The console's analytics charts: counts per day, operators only. */
export const analyticsDailyRoutes: ApiRoutes<{ daily: AnalyticsDailyService }> = async (app, { daily }) => {
  app.route({
    ...operationRoute(app, 'analyticsDaily', { tags: ['console'], summary: 'Page views, download clicks and client errors per UTC day' }),
    handler: async (request) => ({ days: await daily.daily(request.query.days) }),
  });
};
