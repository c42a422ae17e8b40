import type { ApiRoutes } from '../../plugins/signature';
import { GiftPackLimitBody, GiftPackLimitResponse, GiftPacksQuery, GiftPacksResponse, consoleGiftPackLimitPath, consoleGiftPacksPath } from '@vsp/contract/endpoints/console-operations';
import { currentUser } from '../../plugins/authenticate';
import type { PackLimitsService } from './pack-limits.service';

/** The console's gift pack limits; operators only, checked before validation. */
export const packLimitsRoutes: ApiRoutes<{ packLimits: PackLimitsService }> = async (app, { packLimits }) => {
  const preValidation = app.requireOperator;
  const tags = ['console'];
  app.get(
    consoleGiftPacksPath,
    { schema: { tags, summary: 'Every gift pack with its purchase limit and period', querystring: GiftPacksQuery, response: { 200: GiftPacksResponse } }, preValidation },
    async () => ({ packs: await packLimits.list() }),
  );
  app.post(
    consoleGiftPackLimitPath,
    { schema: { tags, summary: 'Set a gift pack’s purchase limit and its period: once, per UTC day, week or month (audited)', body: GiftPackLimitBody, response: { 200: GiftPackLimitResponse } }, preValidation },
    async (request) => packLimits.setLimit(currentUser(request).uid, request.body),
  );
};
