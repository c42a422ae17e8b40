import { AppError } from '@vsp/contract/app-error';
import type { KeyValueStore } from './key-value-store';

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Counts one attempt against each key in a fixed window (memory or Redis, so N processes share the
 * count) and refuses with 42900 and the seconds left once any key is over its limit.
 */
export async function spendAttempt(store: KeyValueStore, checks: readonly { key: string; limit: Limit }[]): Promise<void> {
  const results = await Promise.all(checks.map(async ({ key, limit }) => ({ limit, ...(await store.hit(key, limit.windowMs)) })));
  const over = results.filter((r) => r.count > r.limit.max);
  if (over.length > 0) {
    const seconds = Math.max(1, Math.ceil(Math.max(...over.map((r) => r.resetMs)) / 1000));
    throw new AppError(42900, { params: { seconds } });
  }
}
