import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@vsp/contract/app-error';
import type { KeyValueStore } from '../shared/key-value-store';

export interface RateLimitOptions {
  store: KeyValueStore;
  /** Names the bucket in the store, e.g. `analytics:collect`. */
  bucket: string;
  limit: number;
  windowMs: number;
  /** Who is counted; the client address by default (behind TRUST_PROXY, the forwarded one). */
  key?: (request: FastifyRequest) => string;
}

/**
 * An onRequest hook counting requests per key in a fixed window of the shared store (memory or
 * Redis, so N processes share one count) and answering 42900 with Retry-After past the limit. It
 * runs before the body is parsed or the signature checked, so a flood costs little.
 */
export function rateLimit(options: RateLimitOptions) {
  const keyOf = options.key ?? ((request: FastifyRequest) => request.ip);
  return async function rateLimitHook(request: FastifyRequest, _reply: FastifyReply) {
    const { count, resetMs } = await options.store.hit(`rl:${options.bucket}:${keyOf(request)}`, options.windowMs);
    if (count > options.limit) throw new AppError(42900, { params: { seconds: Math.max(1, Math.ceil(resetMs / 1000)) } });
  };
}
