import { createHash } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import { clientAddress } from '../shared/client-address';
import type { KeyValueStore } from '../shared/key-value-store';
import type { RouteLimit } from '../shared/route-limit';

export type LimitCheck = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The address per-address limits count: IPv4 as is, IPv6 as its /64 (shared/client-address.ts). */
    readonly clientAddress: string;
  }
  interface FastifyInstance {
    /**
     * A hook (onRequest or preHandler) or an inline check counting the request against every limit;
     * over any of them it answers 42900 with Retry-After. A preHandler placed after requireUser sees
     * `request.user`.
     */
    routeLimits(...limits: RouteLimit[]): LimitCheck;
  }
}

/** The limit counters live in the app's key-value store: memory, or Redis when REDIS_URL is set. */
function storeAdapter(store: KeyValueStore) {
  return class KeyValueRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      store.hit(key, timeWindow).then(
        ({ count, resetMs }) => callback(null, { current: count, ttl: resetMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child() {
      return this;
    }
  };
}

/** Subjects are hashed: no address or account ID is kept in clear in the store. */
function counterKey(name: string, subject: string): string {
  return `rl:${name}:${createHash('sha256').update(subject).digest('base64url').slice(0, 32)}`;
}

/**
 * The one mechanism for per-route request limits (decision 0096): @fastify/rate-limit over the
 * app's key-value store, so N API processes share the counts through Redis. Brute-force limits that
 * count failures (login, password reset) stay with the AttemptLimiter.
 */
export default fp(
  async function rateLimits(app: FastifyInstance, options: { store: KeyValueStore }) {
    await app.register(fastifyRateLimit, { global: false, store: storeAdapter(options.store) });
    app.decorateRequest('clientAddress', {
      getter(this: FastifyRequest) {
        return clientAddress(this.ip);
      },
    });
    app.decorate('routeLimits', (...limits: RouteLimit[]): LimitCheck => {
      const counters = limits.map((limit) => ({
        limit,
        count: app.createRateLimit({
          max: limit.max,
          timeWindow: limit.windowMs,
          // The store unreachable: the request fails (closed), like the replay guard beside it.
          skipOnError: false,
          keyGenerator: (request: FastifyRequest) => counterKey(limit.name, limit.key(request) ?? ''),
        }),
      }));
      return async (request) => {
        const results = await Promise.all(counters.filter(({ limit }) => limit.key(request) !== undefined).map(({ count }) => count(request)));
        const over = results.filter((r) => !r.isAllowed && r.isExceeded);
        if (over.length > 0) {
          const seconds = Math.max(1, ...over.map((r) => (r.isAllowed ? 0 : r.ttlInSeconds)));
          throw new AppError(Errors.TooManyAttempts, { params: { seconds } });
        }
      };
    });
  },
  { name: 'route-limits' },
);

/** The client address (behind TRUST_PROXY, the forwarded one), an IPv6 one as its /64. */
export const byAddress = (request: FastifyRequest) => request.clientAddress;

/** The session token a signed-in caller sends (counted hashed), if any. */
export const bySession = (request: FastifyRequest) => {
  const token = request.headers.token;
  return (Array.isArray(token) ? token[0] : token) || undefined;
};

/**
 * Lookups of an account by its ID (nickname, top-up account check): per client address, and per
 * session for a signed-in caller, so enumerating account IDs is slow from anywhere.
 */
export function lookupLimits(name: string, limit: { max: number; windowMs: number }): RouteLimit[] {
  return [
    { name: `${name}:address`, ...limit, key: byAddress },
    { name: `${name}:session`, ...limit, key: bySession },
  ];
}
