import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

export interface MetricsOptions {
  /** METRICS_TOKEN: the scraper sends `Authorization: Bearer <token>`; anything else is 401. */
  token?: string | undefined;
  /** Without a token: served to anyone (development, tests) or not at all (production, 404). */
  openWithoutToken: boolean;
}

const CLIENT_CLOSED = 499;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Prometheus text at /metrics: process metrics plus request duration by route and status. The
 * scrape needs METRICS_TOKEN as a bearer token; production without a token serves no /metrics.
 */
export default fp(
  async function metrics(app: FastifyInstance, options: MetricsOptions) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by method, route and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const observe = (request: FastifyRequest, status: number, seconds: number) =>
      duration.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: status }, seconds);
    app.decorate('metrics', registry);
    app.addHook('onResponse', async (request, reply) => {
      observe(request, reply.statusCode, reply.elapsedTime / 1000);
    });
    // A client that hangs up before its answer (a dropped part upload) gets no onResponse; it is
    // counted as 499, the status proxies log for "client closed request".
    const started = new WeakMap<object, number>();
    app.addHook('onRequest', async (request) => {
      started.set(request, performance.now());
    });
    app.addHook('onRequestAbort', async (request) => {
      observe(request, CLIENT_CLOSED, (performance.now() - (started.get(request) ?? performance.now())) / 1000);
    });
    const { token } = options;
    if (!token && !options.openWithoutToken) return;
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (token) {
        const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!timingSafeEqual(digest(given), digest(token))) throw new AppError(Errors.LoginRequired);
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
