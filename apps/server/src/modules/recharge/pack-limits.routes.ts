import type { ApiRoutes } from '../../plugins/signature';
import { currentUser } from '../../plugins/authenticate';
import { operationRoute } from '../../plugins/operation-route';
import type { ModuleOptions } from '../server-module';
import type { PackLimitsService } from './pack-limits.service';

/** The console's gift pack limits; operators only, checked before validation. */
export const packLimitsRoutes: ApiRoutes<ModuleOptions<{ packLimits: PackLimitsService }>> = async (app, { services: { packLimits } }) => {
  const tags = ['console'];
  app.route({
    ...operationRoute(app, 'giftPacks', { tags, summary: 'Every gift pack with its purchase limit and period' }),
    handler: async () => ({ packs: await packLimits.list() }),
  });
  app.route({
    ...operationRoute(app, 'setGiftPackLimit', { tags, summary: 'Set a gift pack’s purchase limit and its period: once, per UTC day, week or month (audited)' }),
    handler: async (request) => packLimits.setLimit(currentUser(request).uid, request.body),
  });
};
