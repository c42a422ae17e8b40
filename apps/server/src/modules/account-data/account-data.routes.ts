import { TokenHeaders } from '@vsp/contract/endpoints/user';
import { currentUser } from '../../plugins/authenticate';
import { byAddress } from '../../plugins/rate-limit';
import type { ApiRoutes } from '../../plugins/signature';
import { operationRoute } from '../../plugins/operation-route';
import type { ModuleOptions } from '../server-module';
import { requestOrigin } from '../uploads';
import type { AccountDataService } from './account-data.service';

/** Exports per account and per client address per hour: an export reads every table of the account. */
const EXPORT_LIMIT = { max: 10, windowMs: 60 * 60_000 };

/** A signed-in player's export and deletion request, and the operators' list of requests. */
export const accountDataRoutes: ApiRoutes<ModuleOptions<{ accountData: AccountDataService }>> = async (app, { services: { accountData } }) => {
  const tags = ['user'];
  const preHandler = app.requireUser;
  const exportPerAccount = app.routeLimits({ name: 'account-data:export:account', ...EXPORT_LIMIT, key: (request) => (request.user ? String(request.user.uid) : undefined) });

  app.route({
    ...operationRoute(app, 'exportAccountData', { tags, summary: 'Everything the platform holds about the caller, as one zip archive (base64)', headers: TokenHeaders }),
    onRequest: app.routeLimits({ name: 'account-data:export:address', max: EXPORT_LIMIT.max * 3, windowMs: EXPORT_LIMIT.windowMs, key: byAddress }),
    preHandler: [preHandler, exportPerAccount],
    handler: async (request) => accountData.exportArchive(currentUser(request).uid, requestOrigin(request)),
  });

  app.route({
    ...operationRoute(app, 'accountDeletion', { tags, summary: "The caller's pending account deletion, if any", headers: TokenHeaders }),
    preHandler,
    handler: async (request) => accountData.status(currentUser(request).uid),
  });

  app.route({
    ...operationRoute(app, 'requestAccountDeletion', { tags, summary: 'Delete the account after 30 days; other sessions end, and signing in before then cancels it', headers: TokenHeaders }),
    preHandler,
    handler: async (request) => accountData.request(currentUser(request), request.body.lang),
  });

  app.route({
    ...operationRoute(app, 'cancelAccountDeletion', { tags, summary: "Keep the account: cancels the caller's pending deletion", headers: TokenHeaders }),
    preHandler,
    handler: async (request) => accountData.cancel(currentUser(request).uid),
  });

  app.route({
    ...operationRoute(app, 'accountDeletions', { tags: ['console'], summary: 'Pending account deletions (oldest due first) and the latest completed ones' }),
    handler: async () => accountData.consoleList(),
  });
};
