import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Route schemas compile on first use (decision 0174), so a schema that cannot compile would show
 * only when a client first calls its route. This compiles every one of them, for every route the
 * app has and every route a later module adds. That a validator compiled late validates, coerces and
 * keeps the finite-number rule is what every other server test sees (input-rules.test.ts among them).
 */
describe('route schemas compiled on first use', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('leaves the schemas uncompiled at start-up, then compiles each one (validators and serializers of every route) without an error', async () => {
    const routes = t.app.printRoutes({ commonPrefix: false }).split('\n').filter((line) => line.includes('/v1/')).length;
    const pending = t.app.compilePendingSchemas();
    // At least a validator for most /v1 routes and a serializer for their answers.
    expect(pending).toBeGreaterThan(routes);
    expect(t.app.compilePendingSchemas()).toBe(0);
  });
});
