import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LocalIpResponse, localIpPath } from '@vsp/contract/endpoints/geo';
import { formatCountryAnswer } from '@vsp/contract/regional';
import type { ModuleOptions } from '../server-module';
import type { GeoService } from './geo.service';

/**
 * Call 5: the visitor's country as plain text. The address is Fastify's request.ip, which follows
 * X-Forwarded-For only through the proxies named in TRUST_PROXY, so a visitor cannot choose a
 * country by sending the header.
 */
export const geoRoutes: FastifyPluginAsyncTypebox<ModuleOptions<{ geo: GeoService }>> = async (app, { services: { geo } }) => {
  app.get(
    localIpPath,
    {
      schema: {
        tags: ['geo'],
        summary: "The visitor's country (call 5): `name|ISO|address` as text",
        response: { 200: { description: 'country answer', content: { 'text/plain': { schema: LocalIpResponse } } } },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'private, no-store')
        .type('text/plain; charset=utf-8')
        .send(formatCountryAnswer(geo.lookup(request.ip))),
  );
};
