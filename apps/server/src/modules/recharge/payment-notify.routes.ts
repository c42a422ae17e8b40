import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { ModuleOptions } from '../server-module';
import type { Crediting } from './crediting';

/**
 * Provider notifications, server to server, outside the signed client API: each provider signs
 * the raw body, so this scope keeps JSON bodies as raw bytes for the signature check. Answers 200
 * once the notification is stored and applied, 401 when it does not verify, 5xx to ask for a retry.
 */
export const paymentNotifyRoutes: FastifyPluginAsyncTypebox<ModuleOptions<{ crediting: Pick<Crediting, 'receiveNotification'> }>> = async (app, { services: { crediting } }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));

  app.post<{ Params: { provider: string } }>(
    '/v1/payment/notify/:provider',
    {
      schema: {
        tags: ['payments'],
        summary: 'Payment provider notification (signed by the provider over the raw body)',
        params: Type.Object({ provider: Type.String({ pattern: '^[a-z]{2,20}$' }) }),
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await crediting.receiveNotification(request.params.provider, body, request.headers);
      return { status: 1 as const, data: { received: true, outcome } };
    },
  );
};
