import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthSchema, healthPath } from '@vsp/contract/endpoints/system';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import { ping, type Database } from '../../db/database';
import { sendError } from '../../plugins/error-handler';
import type { Drain } from '../../shared/drain';

export interface SystemRoutesOptions {
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  cacheKind: 'memory' | 'redis';
  drain: Drain;
}

export const systemRoutes: FastifyPluginAsyncTypebox<SystemRoutesOptions> = async (app, options) => {
  app.get(
    healthPath,
    { schema: { tags: ['system'], summary: 'Liveness and database reachability; 503 while draining', response: { 200: HealthSchema } } },
    async (_request, reply) => {
      // A draining process answers 503 so that the load balancer takes it out (decision 0122); an
      // answer, not a failure, so it is not logged as one.
      if (options.drain.draining) {
        options.drain.answeredDraining();
        return sendError(reply, new AppError(Errors.ServerUnavailable, { message: 'draining' }));
      }
      await ping(options.db);
      return {
        status: 1 as const,
        data: {
          ok: true,
          database: options.databaseKind,
          cache: options.cacheKind,
          uptimeSeconds: Math.round(process.uptime()),
        },
      };
    },
  );
};
