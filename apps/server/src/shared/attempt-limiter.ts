import { createHash } from 'node:crypto';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import type { KeyValueStore } from './key-value-store';

/** At most `max` attempts in a fixed window of `windowMs`. */
export interface LimitRule {
  max: number;
  windowMs: number;
}

/** One counter: what is limited (`scope`, e.g. `login:account`), for whom (`subject`), by which rule. */
export interface LimitKey {
  scope: string;
  subject: string;
  rule: LimitRule;
}

/**
 * Brute-force limits over the shared key-value store (memory, or Redis across processes), in two
 * kinds (decision 0012):
 * - `attempt` counts every attempt before the work it guards, atomically, so a burst of parallel
 *   guesses cannot slip past the limit (one account's password);
 * - `check` + `fail` count failures only (a client address, where many people may share one
 *   address and succeed).
 * Over a limit the answer is 42900 with the seconds until the window ends (the Retry-After header).
 * Subjects are hashed: no e-mail or address is kept in clear in Redis.
 */
export class AttemptLimiter {
  constructor(private readonly store: KeyValueStore) {}

  static keyOf(scope: string, subject: string): string {
    return `limit:${scope}:${createHash('sha256').update(subject).digest('base64url').slice(0, 32)}`;
  }

  /** Counts one attempt against every key; throws 42900 when any of them is over its limit. */
  async attempt(keys: readonly LimitKey[]): Promise<void> {
    const counts = await Promise.all(keys.map((k) => this.store.hit(AttemptLimiter.keyOf(k.scope, k.subject), k.rule.windowMs)));
    refuseOver(keys, counts, (count, max) => count > max);
  }

  /** Throws 42900 when a key has used up its failures; counts nothing. */
  async check(keys: readonly LimitKey[]): Promise<void> {
    const counts = await Promise.all(keys.map((k) => this.store.peek(AttemptLimiter.keyOf(k.scope, k.subject))));
    refuseOver(keys, counts, (count, max) => count >= max);
  }

  /** Counts one failure against every key. */
  async fail(keys: readonly LimitKey[]): Promise<void> {
    await Promise.all(keys.map((k) => this.store.hit(AttemptLimiter.keyOf(k.scope, k.subject), k.rule.windowMs)));
  }

  /** Starts a counter afresh (a successful login clears its account's failures). */
  async forget(scope: string, subject: string): Promise<void> {
    await this.store.delete(AttemptLimiter.keyOf(scope, subject));
  }
}

function refuseOver(keys: readonly LimitKey[], counts: readonly { count: number; resetMs: number }[], over: (count: number, max: number) => boolean) {
  let waitMs = 0;
  counts.forEach((count, i) => {
    if (over(count.count, keys[i]!.rule.max)) waitMs = Math.max(waitMs, count.resetMs);
  });
  if (waitMs > 0) throw new AppError(Errors.TooManyAttempts, { params: { seconds: Math.max(1, Math.ceil(waitMs / 1000)) } });
}
