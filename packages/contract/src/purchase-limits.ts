/**
 * A gift pack's purchase limit counts over a period (issue 19): for good (`once`), or per UTC day,
 * UTC week (from Monday 00:00 UTC) or UTC month. Only paid packs count (decision 0095), and a refund
 * never gives a purchase back.
 */
export const LIMIT_PERIODS = ['once', 'day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** When the period holding `now` began (UTC); null for `once`, which never resets. */
export function limitPeriodStart(period: LimitPeriod, now: number): Date | null {
  const d = new Date(now);
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  if (period === 'day') return new Date(day);
  if (period === 'week') return new Date(day - ((d.getUTCDay() + 6) % 7) * 86_400_000);
  if (period === 'month') return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
  return null;
}

/** When the period holding `now` ends and the limit starts again (UTC); null for `once`. */
export function limitPeriodReset(period: LimitPeriod, now: number): Date | null {
  const start = limitPeriodStart(period, now);
  if (!start) return null;
  if (period === 'day') return new Date(start.getTime() + 86_400_000);
  if (period === 'week') return new Date(start.getTime() + 7 * 86_400_000);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}
