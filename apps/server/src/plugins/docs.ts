import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FailureSchema } from '@vsp/contract/envelope-schema';

/** OpenAPI generated from the contract schemas every route declares; the UI at /docs. */
export default fp(
  async function docs(app: FastifyInstance) {
    app.addSchema(FailureSchema);
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Platform API',
          description:
            'Accounts, uploads, top-up, gift codes and the label catalogue. Routes under /v1 are signed (spec section 7): ' +
            'appId, timestamp, random and sign in the query (GET) or the JSON body (POST). Failures answer ' +
            '`{ status: <not 1>, errInfo: { code, message } }` with a catalogue code.',
          version: '1.0.0',
        },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/docs' });
  },
  { name: 'docs' },
);
