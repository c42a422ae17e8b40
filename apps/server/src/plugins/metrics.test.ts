import net from 'node:net';
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

describe('request durations', () => {
  it('counts a client that hangs up mid-upload as 499, not as a request that never happened', async () => {
    const app = Fastify();
    await app.register(errorHandler);
    await app.register(metrics, { openWithoutToken: true });
    // Reads the whole body, as a part upload does, and answers only after it.
    app.put('/part', async (request) => {
      let bytes = 0;
      for await (const chunk of request.raw) bytes += (chunk as Buffer).length;
      return { bytes };
    });
    app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);

    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write('PUT /part HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000000\r\n\r\n');
        socket.write(Buffer.alloc(1000), () => socket.destroy());
      });
      socket.on('close', () => resolve());
    });
    const scrape = async () => (await app.inject({ method: 'GET', url: '/metrics' })).body;
    await expect.poll(scrape).toMatch(/http_request_duration_seconds_count\{method="PUT",route="\/part",status_code="499"\} 1/);
    await app.close();
  });
});
