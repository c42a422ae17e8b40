import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import { Drain } from '../../shared/drain';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('system endpoints and the error envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports health with the database engine', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 1, data: { ok: true, database: 'pglite', cache: 'memory' } });
  });

  it('answers 503 while draining, so a load balancer takes the process out, and counts the checks that saw it', async () => {
    const drain = new Drain();
    const draining = await createTestApp({ drain });
    try {
      expect((await draining.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      drain.start();
      const seen = drain.untilSeen(2, 60_000);
      const first = await draining.app.inject({ method: 'GET', url: '/healthz' });
      expect(first.statusCode).toBe(503);
      expect(first.json()).toMatchObject({ status: 0, errInfo: { code: Errors.ServerUnavailable } });
      // Other requests are still served until the listener closes.
      expect((await draining.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
      await draining.app.inject({ method: 'GET', url: '/healthz' });
      await expect(seen).resolves.toBe(true);
      // Nobody checking: the wait ends at its bound instead of holding the close.
      await expect(new Drain().untilSeen(1, 10)).resolves.toBe(false);
    } finally {
      await draining.close();
    }
  });

  it('exposes Prometheus metrics including request durations', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('http_request_duration_seconds_bucket');
    expect(response.body).toContain('route="/healthz"');
  });

  it('publishes the OpenAPI document listing the endpoints', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/healthz', '/v1/webPage/getUserInfoByUid']));
    const ui = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
  });

  it('answers an unknown API path with the 40400 envelope, never HTML', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 0, errInfo: { code: Errors.NotFound } });
  });

  it('answers malformed JSON with a 40000 envelope and no stack trace', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/webPage/getUserInfoByUid',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errInfo.code).toBe(Errors.ValidationFailed);
    expect(response.body).not.toMatch(/at \w+ \(/);
  });
});
