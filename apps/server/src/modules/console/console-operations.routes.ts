import type { ApiRoutes } from '../../plugins/signature';
import {
  CampaignDisableBody,
  CampaignMoreCodesBody,
  CampaignUpdateBody,
  ConsoleCampaignResponse,
  ConsoleOrderQuery,
  ConsoleOrderResponse,
  OrderRecheckBody,
  OrderRecheckResponse,
  OrderSearchQuery,
  OrderSearchResponse,
  UserWalletQuery,
  UserWalletResponse,
  consoleCampaignCodesPath,
  consoleCampaignDisablePath,
  consoleCampaignUpdatePath,
  consoleOrderPath,
  consoleOrderRecheckPath,
  consoleOrderSearchPath,
  consoleUserWalletPath,
} from '@vsp/contract/endpoints/console-operations';
import { currentUser } from '../../plugins/authenticate';
import type { ConsoleOperationsService } from './console-operations.service';

/** The console's calls for orders, wallets and existing campaigns; operators only, checked before validation. */
export const consoleOperationsRoutes: ApiRoutes<{ operations: ConsoleOperationsService }> = async (
  app,
  { operations },
) => {
  const preValidation = app.requireOperator;
  const tags = ['console'];

  app.get(
    consoleOrderSearchPath,
    { schema: { tags, summary: 'Orders by order number, or an account ID’s newest orders', querystring: OrderSearchQuery, response: { 200: OrderSearchResponse } }, preValidation },
    async (request) => ({ orders: await operations.searchOrders(request.query.q) }),
  );

  app.get(
    consoleOrderPath,
    { schema: { tags, summary: 'One order and its timeline (10046 when unknown)', querystring: ConsoleOrderQuery, response: { 200: ConsoleOrderResponse } }, preValidation },
    async (request) => operations.orderDetail(request.query.orderNo),
  );

  app.post(
    consoleOrderRecheckPath,
    { schema: { tags, summary: 'Ask the payment provider about an order now; credit once if paid (audited)', body: OrderRecheckBody, response: { 200: OrderRecheckResponse } }, preValidation },
    async (request) => operations.recheckOrder(currentUser(request).uid, request.body.orderNo),
  );

  app.get(
    consoleUserWalletPath,
    { schema: { tags, summary: 'A user’s balances and ledger rows, newest first, paged', querystring: UserWalletQuery, response: { 200: UserWalletResponse } }, preValidation },
    async (request) => {
      const { uid, page, pageSize } = request.query;
      return operations.userWallet(uid, page ?? 1, pageSize ?? 20);
    },
  );

  app.post(
    consoleCampaignUpdatePath,
    { schema: { tags, summary: 'Change a campaign’s window or cap (audited)', body: CampaignUpdateBody, response: { 200: ConsoleCampaignResponse } }, preValidation },
    async (request) => {
      const { id, startsAt, endsAt, totalCap } = request.body;
      return operations.updateCampaign(currentUser(request).uid, id, { startsAt, endsAt, totalCap });
    },
  );

  app.post(
    consoleCampaignCodesPath,
    { schema: { tags, summary: 'Generate N more single-use codes for a campaign (audited)', body: CampaignMoreCodesBody, response: { 200: ConsoleCampaignResponse } }, preValidation },
    async (request) => operations.addCampaignCodes(currentUser(request).uid, request.body.id, request.body.count),
  );

  app.post(
    consoleCampaignDisablePath,
    { schema: { tags, summary: 'Disable a campaign: its codes then answer 280001002 (audited)', body: CampaignDisableBody, response: { 200: ConsoleCampaignResponse } }, preValidation },
    async (request) => operations.disableCampaign(currentUser(request).uid, request.body.id),
  );
};
