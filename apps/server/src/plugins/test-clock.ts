import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { TestClock } from '../shared/test-clock';

/** Where a browser test moves a TEST_CLOCK server's clock; outside /v1, unsigned, never in the OpenAPI document. */
export const testClockPath = '/__test/clock';

/** Ten years: enough for any grace period, and far from the limits of a timestamp column. */
const ADVANCE_MAX_MS = 10 * 366 * 24 * 60 * 60 * 1000;

/**
 * Registered only when TEST_CLOCK is on, which config refuses outside NODE_ENV=test (decision 0135):
 * `POST /__test/clock { advanceMs }` moves the business clock forward and answers where it is now.
 */
export const testClockRoutes: FastifyPluginAsyncTypebox<{ clock: TestClock }> = async (app, { clock }) => {
  app.post(
    testClockPath,
    {
      schema: {
        hide: true,
        body: Type.Object({ advanceMs: Type.Integer({ minimum: 0, maximum: ADVANCE_MAX_MS }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ now: Type.Integer(), offsetMs: Type.Integer() }) },
      },
    },
    async (request) => {
      clock.advance(request.body.advanceMs);
      return { now: clock.now(), offsetMs: clock.offsetMs };
    },
  );
};
