import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AnalyticsDailyQuery, AnalyticsDailyResponse, consoleAnalyticsDailyPath } from '@vsp/contract/endpoints/analytics-daily';
import { requireUser } from '../../plugins/authenticate';
import type { SessionsService } from '../sessions/sessions.service';
import type { AnalyticsDailyService } from './analytics-daily.service';

/** The console's analytics charts: counts per day, operators only. */
export const analyticsDailyRoutes: FastifyPluginAsyncTypebox<{ daily: AnalyticsDailyService; sessions: SessionsService }> = async (app, { daily, sessions }) => {
  app.get(
    consoleAnalyticsDailyPath,
    {
      schema: { tags: ['console'], summary: 'Page views, download clicks and client errors per UTC day', querystring: AnalyticsDailyQuery, response: { 200: AnalyticsDailyResponse } },
      preValidation: requireUser(sessions, ['operator']),
    },
    async (request) => ({ status: 1 as const, data: { days: await daily.daily(request.query.days) } }),
  );
};
