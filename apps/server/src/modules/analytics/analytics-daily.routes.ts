import type { ApiRoutes } from '../../plugins/signature';
import { AnalyticsDailyQuery, AnalyticsDailyResponse, consoleAnalyticsDailyPath } from '@vsp/contract/endpoints/analytics-daily';
import type { AnalyticsDailyService } from './analytics-daily.service';

/** The console's analytics charts: counts per day, operators only. */
export const analyticsDailyRoutes: ApiRoutes<{ daily: AnalyticsDailyService }> = async (app, { daily }) => {
  app.get(
    consoleAnalyticsDailyPath,
    {
      schema: { tags: ['console'], summary: 'Page views, download clicks and client errors per UTC day', querystring: AnalyticsDailyQuery, response: { 200: AnalyticsDailyResponse } },
      preValidation: app.requireOperator,
    },
    async (request) => ({ days: await daily.daily(request.query.days) }),
  );
};
