import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import errorHandler from './error-handler';
import metrics, { type MetricsOptions } from './metrics';

async function serve(options: MetricsOptions) {
  const app = Fastify();
  await app.register(errorHandler);
  await app.register(metrics, options);
  await app.ready();
  return app;
}

describe('/metrics access', () => {
  it('answers the scrape only with the METRICS_TOKEN bearer token', async () => {
    const app = await serve({ token: 'metrics-token-0123456789', openWithoutToken: false });
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer not-the-token-at-all' } })).statusCode).toBe(401);
    const scraped = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456789' } });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).toContain('process_cpu');
    await app.close();
  });

  it('serves no /metrics in production without a token, and an open one in development', async () => {
    const production = await serve({ openWithoutToken: false });
    expect((await production.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    await production.close();
    const development = await serve({ openWithoutToken: true });
    expect((await development.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    await development.close();
  });
});
