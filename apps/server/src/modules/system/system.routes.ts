import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthSchema, healthPath } from '@vsp/contract/endpoints/system';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import { ping } from '../../db/database';
import { sendError } from '../../plugins/error-handler';
import type { ModuleOptions } from '../server-module';

export const systemRoutes: FastifyPluginAsyncTypebox<ModuleOptions<unknown>> = async (app, { context }) => {
  app.get(
    healthPath,
    { schema: { tags: ['system'], summary: 'Liveness and database reachability; 503 while draining', response: { 200: HealthSchema } } },
    async (_request, reply) => {
      // A draining process answers 503 so that the load balancer takes it out (decision 0122); an
      // answer, not a failure, so it is not logged as one.
      if (context.drain.draining) {
        context.drain.answeredDraining();
        return sendError(reply, new AppError(Errors.ServerUnavailable, { message: 'draining' }));
      }
      await ping(context.db);
      return {
        status: 1 as const,
        data: {
          ok: true,
          database: context.databaseKind,
          cache: context.cacheKind,
          uptimeSeconds: Math.round(process.uptime()),
        },
      };
    },
  );
};
