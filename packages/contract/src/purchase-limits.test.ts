import { describe, expect, it } from 'vitest';
import { limitPeriodReset, limitPeriodStart } from './purchase-limits';

describe('purchase limit periods (UTC)', () => {
  const at = Date.parse('2026-11-26T19:45:00Z'); // a Thursday
  it('starts and resets a day, a week from Monday, and a month', () => {
    expect(limitPeriodStart('day', at)?.toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(limitPeriodReset('day', at)?.toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(limitPeriodStart('week', at)?.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(limitPeriodReset('week', at)?.toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(limitPeriodStart('month', at)?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(limitPeriodReset('month', Date.parse('2026-12-31T23:59:59Z'))?.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
  it('takes a Sunday into the week that began the Monday before, and never resets once', () => {
    expect(limitPeriodStart('week', Date.parse('2026-11-29T23:00:00Z'))?.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(limitPeriodStart('once', at)).toBeNull();
    expect(limitPeriodReset('once', at)).toBeNull();
  });
});
