import { Redis } from 'ioredis';

/**
 * The short-lived shared state of the API (replay guard, rate limits): process memory in the
 * embedded shape, Redis when REDIS_URL is set, so that N API processes share one view.
 */
export interface KeyValueStore {
  /** Stores the key for ttlMs if it is absent; true when this call stored it. */
  setIfAbsent(key: string, ttlMs: number): Promise<boolean>;
  /** Counts a hit in a fixed window of ttlMs; answers the count so far and the ms left in the window. */
  hit(key: string, ttlMs: number): Promise<{ count: number; resetMs: number }>;
  /** The count of a hit window without counting (0 when there is none) and the ms left in it. */
  peek(key: string): Promise<{ count: number; resetMs: number }>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryKeyValueStore implements KeyValueStore {
  readonly #entries = new Map<string, { count: number; expiresAt: number }>();
  readonly #sweep: NodeJS.Timeout;

  constructor(sweepEveryMs = 60_000) {
    this.#sweep = setInterval(() => this.#removeExpired(), sweepEveryMs);
    this.#sweep.unref();
  }

  #live(key: string, now: number) {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #removeExpired() {
    const now = Date.now();
    for (const [key, entry] of this.#entries) if (entry.expiresAt <= now) this.#entries.delete(key);
  }

  async setIfAbsent(key: string, ttlMs: number): Promise<boolean> {
    const now = Date.now();
    if (this.#live(key, now)) return false;
    this.#entries.set(key, { count: 1, expiresAt: now + ttlMs });
    return true;
  }

  async hit(key: string, ttlMs: number) {
    const now = Date.now();
    const entry = this.#live(key, now) ?? { count: 0, expiresAt: now + ttlMs };
    entry.count += 1;
    this.#entries.set(key, entry);
    return { count: entry.count, resetMs: entry.expiresAt - now };
  }

  async peek(key: string) {
    const now = Date.now();
    const entry = this.#live(key, now);
    return entry ? { count: entry.count, resetMs: entry.expiresAt - now } : { count: 0, resetMs: 0 };
  }

  async delete(key: string) {
    this.#entries.delete(key);
  }

  async close() {
    clearInterval(this.#sweep);
    this.#entries.clear();
  }
}

export class RedisKeyValueStore implements KeyValueStore {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(url: string, prefix = 'vsp:') {
    this.#redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
    this.#prefix = prefix;
  }

  async setIfAbsent(key: string, ttlMs: number): Promise<boolean> {
    return (await this.#redis.set(this.#prefix + key, '1', 'PX', ttlMs, 'NX')) === 'OK';
  }

  async hit(key: string, ttlMs: number) {
    const k = this.#prefix + key;
    const result = await this.#redis.multi().incr(k).pexpire(k, ttlMs, 'NX').pttl(k).exec();
    const count = Number(result?.[0]?.[1] ?? 1);
    const pttl = Number(result?.[2]?.[1] ?? ttlMs);
    return { count, resetMs: pttl > 0 ? pttl : ttlMs };
  }

  async peek(key: string) {
    const k = this.#prefix + key;
    const result = await this.#redis.multi().get(k).pttl(k).exec();
    const count = Number(result?.[0]?.[1] ?? 0);
    const pttl = Number(result?.[1]?.[1] ?? 0);
    return { count: Number.isFinite(count) ? count : 0, resetMs: pttl > 0 ? pttl : 0 };
  }

  async delete(key: string) {
    await this.#redis.del(this.#prefix + key);
  }

  async close() {
    await this.#redis.quit();
  }
}

export function openKeyValueStore(redisUrl: string | undefined, prefix?: string): KeyValueStore {
  return redisUrl ? new RedisKeyValueStore(redisUrl, prefix) : new MemoryKeyValueStore();
}
