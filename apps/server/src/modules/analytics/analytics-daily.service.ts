import { ANALYTICS_DAILY_DAYS_DEFAULT, type AnalyticsDay } from '@vsp/contract/endpoints/analytics-daily';
import type { AnalyticsDailyRepository } from './analytics-daily.repository';

const DAY_MS = 86_400_000;

export interface AnalyticsDailyServiceDeps {
  repository: AnalyticsDailyRepository;
  now: () => number;
}

/** The last N UTC days, today included, oldest first; a day without rows reads as zeros. */
export class AnalyticsDailyService {
  constructor(private readonly deps: AnalyticsDailyServiceDeps) {}

  async daily(days: number = ANALYTICS_DAILY_DAYS_DEFAULT): Promise<AnalyticsDay[]> {
    const today = Math.floor(this.deps.now() / DAY_MS) * DAY_MS;
    const since = new Date(today - (days - 1) * DAY_MS);
    const [views, clicks, errors] = await Promise.all([
      this.deps.repository.pageViews(since),
      this.deps.repository.downloadClicks(since),
      this.deps.repository.clientErrors(since),
    ]);
    return Array.from({ length: days }, (_, i) => {
      const day = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
      return { day, pageViews: views.get(day) ?? 0, downloadClicks: clicks.get(day) ?? 0, clientErrors: errors.get(day) ?? 0 };
    });
  }
}
