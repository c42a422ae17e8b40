import { defineModule } from '../server-module';
import { AnalyticsDailyRepository } from './analytics-daily.repository';
import { analyticsDailyRoutes } from './analytics-daily.routes';
import { AnalyticsDailyService } from './analytics-daily.service';
import { AnalyticsRepository } from './analytics.repository';
import { analyticsRoutes } from './analytics.routes';
import { AnalyticsService } from './analytics.service';
import { analyticsPersonalData } from './analytics.personal-data';

/** Page views, events and client error reports, and the operators' daily counts of them. */
export const analyticsModule = defineModule({
  name: 'analytics',
  needs: [],
  services: ({ db, now }) => ({
    analytics: new AnalyticsService({ analytics: new AnalyticsRepository(db), now }),
    analyticsDaily: new AnalyticsDailyService({ repository: new AnalyticsDailyRepository(db), now }),
  }),
  api: async (app, { context: { config }, services }) => {
    await app.register(analyticsRoutes, { analytics: services.analytics, ratePerMinute: config.ANALYTICS_RATE_LIMIT_PER_MINUTE });
    await app.register(analyticsDailyRoutes, { daily: services.analyticsDaily });
  },
  personalData: () => analyticsPersonalData,
});
