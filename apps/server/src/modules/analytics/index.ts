import { defineModule } from '../server-module';
import { AnalyticsDailyRepository } from './analytics-daily.repository';
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
  api: analyticsRoutes,
  personalData: () => analyticsPersonalData,
});
