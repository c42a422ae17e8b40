import {
  AccountDataExportQuery,
  AccountDataExportResponse,
  AccountDeletionCancelBody,
  AccountDeletionQuery,
  AccountDeletionRequestBody,
  AccountDeletionStatusResponse,
  ConsoleAccountDeletionsQuery,
  ConsoleAccountDeletionsResponse,
  accountDataExportPath,
  accountDeletionCancelPath,
  accountDeletionPath,
  accountDeletionRequestPath,
  consoleAccountDeletionsPath,
} from '@vsp/contract/endpoints/account-data';
import { TokenHeaders } from '@vsp/contract/endpoints/user';
import { currentUser } from '../../plugins/authenticate';
import { byAddress } from '../../plugins/rate-limit';
import type { ApiRoutes } from '../../plugins/signature';
import { requestOrigin } from '../uploads';
import type { AccountDataService } from './account-data.service';

export interface AccountDataRoutesOptions {
  accountData: AccountDataService;
}

/** Exports per account and per client address per hour: an export reads every table of the account. */
const EXPORT_LIMIT = { max: 10, windowMs: 60 * 60_000 };

/** A signed-in player's export and deletion request, and the operators' list of requests. */
export const accountDataRoutes: ApiRoutes<AccountDataRoutesOptions> = async (app, { accountData }) => {
  const tags = ['user'];
  const preHandler = app.requireUser;
  const exportPerAccount = app.routeLimits({ name: 'account-data:export:account', ...EXPORT_LIMIT, key: (request) => (request.user ? String(request.user.uid) : undefined) });

  app.get(
    accountDataExportPath,
    {
      schema: { tags, summary: 'Everything the platform holds about the caller, as one zip archive (base64)', headers: TokenHeaders, querystring: AccountDataExportQuery, response: { 200: AccountDataExportResponse } },
      onRequest: app.routeLimits({ name: 'account-data:export:address', max: EXPORT_LIMIT.max * 3, windowMs: EXPORT_LIMIT.windowMs, key: byAddress }),
      preHandler: [preHandler, exportPerAccount],
    },
    async (request) => accountData.exportArchive(currentUser(request).uid, requestOrigin(request)),
  );

  app.get(
    accountDeletionPath,
    { schema: { tags, summary: "The caller's pending account deletion, if any", headers: TokenHeaders, querystring: AccountDeletionQuery, response: { 200: AccountDeletionStatusResponse } }, preHandler },
    async (request) => accountData.status(currentUser(request).uid),
  );

  app.post(
    accountDeletionRequestPath,
    {
      schema: { tags, summary: 'Delete the account after 30 days; other sessions end, and signing in before then cancels it', headers: TokenHeaders, body: AccountDeletionRequestBody, response: { 200: AccountDeletionStatusResponse } },
      preHandler,
    },
    async (request) => accountData.request(currentUser(request), request.body.lang),
  );

  app.post(
    accountDeletionCancelPath,
    { schema: { tags, summary: "Keep the account: cancels the caller's pending deletion", headers: TokenHeaders, body: AccountDeletionCancelBody, response: { 200: AccountDeletionStatusResponse } }, preHandler },
    async (request) => accountData.cancel(currentUser(request).uid),
  );

  app.get(
    consoleAccountDeletionsPath,
    {
      schema: { tags: ['console'], summary: 'Pending account deletions (oldest due first) and the latest completed ones', querystring: ConsoleAccountDeletionsQuery, response: { 200: ConsoleAccountDeletionsResponse } },
      preValidation: app.requireOperator,
    },
    async () => accountData.consoleList(),
  );
};
