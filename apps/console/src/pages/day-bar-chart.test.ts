import { describe, expect, it } from 'vitest';
import { chartSummary } from './day-bar-chart';

describe('chartSummary', () => {
  it('names the total, the busiest day and the range', () => {
    const points = [
      { day: '2026-03-13', value: 2 },
      { day: '2026-03-14', value: 7 },
      { day: '2026-03-15', value: 1 },
    ];
    expect(chartSummary('Page views', points)).toBe('Page views per day from 2026-03-13 to 2026-03-15: 10 in total; highest 7 on 2026-03-14.');
  });

  it('says when nothing was recorded', () => {
    expect(chartSummary('Client errors', [{ day: '2026-03-15', value: 0 }])).toBe('Client errors: nothing recorded in the last 30 days.');
  });
});
