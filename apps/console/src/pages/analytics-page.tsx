import { useQuery } from '@tanstack/react-query';
import { queries } from '../api/queries';
import { TEXTS } from '../texts';
import { DayBarChart } from './day-bar-chart';
import { LoadState } from './status';

const SERIES = [
  { field: 'pageViews', title: TEXTS.analytics.pageViews },
  { field: 'downloadClicks', title: TEXTS.analytics.downloadClicks },
  { field: 'clientErrors', title: TEXTS.analytics.clientErrors },
] as const;

/** Page views, download clicks and client errors per day, last 30 days. */
export function AnalyticsPage() {
  const daily = useQuery(queries.analyticsDaily(30));
  return (
    <section aria-labelledby="analytics-heading">
      <h1 id="analytics-heading">{TEXTS.analytics.heading}</h1>
      <p className="muted">{TEXTS.analytics.lead}</p>
      <LoadState query={daily} />
      {daily.data &&
        SERIES.map((series) => (
          <DayBarChart key={series.field} title={series.title} points={daily.data!.days.map((d) => ({ day: d.day, value: d[series.field] }))} />
        ))}
    </section>
  );
}
