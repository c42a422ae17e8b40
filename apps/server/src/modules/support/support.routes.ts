import type { ApiRoutes } from '../../plugins/signature';
import { SUPPORT_LIMITS } from '@vsp/contract/endpoints/support';
import { byAddress } from '../../plugins/rate-limit';
import { operationRoute } from '../../plugins/operation-route';
import type { ModuleOptions } from '../server-module';
import type { SupportService } from './support.service';

/** Signed customer-service routes: the /udesk contact form. */
export const supportRoutes: ApiRoutes<ModuleOptions<{ support: SupportService }>> = async (app, { services: { support } }) => {
  app.route({
    ...operationRoute(app, 'supportMessage', { tags: ['support'], summary: 'Leave a message for customer service; answers the reference number' }),
    onRequest: app.routeLimits({ name: 'support:address', max: SUPPORT_LIMITS.perAddress, windowMs: SUPPORT_LIMITS.windowMs, key: byAddress }),
    handler: async (request) => support.submit(request.body),
  });
};
