import type { AccountsRepository } from '../accounts/accounts.repository';
import type { AccountsService } from '../accounts/accounts.service';
import { runAdminCommand } from '../admin/admin-commands';

export const DEMO_PASSWORD = 'demo12345';

export const DEMO_ACCOUNTS = [
  { userName: 'demo', email: 'demo@example.com', nickname: 'Demo Player', role: 'player' },
  { userName: 'operator', email: 'operator@example.com', nickname: 'Operator', role: 'operator' },
] as const;

/**
 * Seeds the demo world on an empty database (never in production); answers whether it did. The
 * accounts are made by the admin CLI's create-user command, so they pass the same rules.
 */
export async function seedDemoWorld(deps: { accounts: AccountsService; accountsRepository: AccountsRepository }) {
  if ((await deps.accountsRepository.count()) > 0) return false;
  for (const account of DEMO_ACCOUNTS) {
    await runAdminCommand(deps.accounts, { command: 'create-user', ...account, password: DEMO_PASSWORD });
  }
  return true;
}
