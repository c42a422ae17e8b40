import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthSchema, healthPath } from '@vsp/contract/endpoints/system';
import { ping, type Database } from '../../db/database';

export interface SystemRoutesOptions {
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  cacheKind: 'memory' | 'redis';
}

export const systemRoutes: FastifyPluginAsyncTypebox<SystemRoutesOptions> = async (app, options) => {
  app.get(
    healthPath,
    { schema: { tags: ['system'], summary: 'Liveness and database reachability', response: { 200: HealthSchema } } },
    async () => {
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
