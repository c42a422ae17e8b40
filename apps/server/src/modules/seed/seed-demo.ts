import type { AccountsRepository } from '../accounts/accounts.repository';
import type { AccountsService } from '../accounts/accounts.service';

export const DEMO_PASSWORD = 'demo12345';

export const DEMO_ACCOUNTS = [
  { userName: 'demo', email: 'demo@example.com', nickname: 'Demo Player', role: 'player' },
  { userName: 'operator', email: 'operator@example.com', nickname: 'Operator', role: 'operator' },
] as const;

/** Seeds the demo world on an empty database (never in production); answers whether it did. */
export async function seedDemoWorld(deps: { accounts: AccountsService; accountsRepository: AccountsRepository }) {
  if ((await deps.accountsRepository.count()) > 0) return false;
  for (const account of DEMO_ACCOUNTS) {
    await deps.accounts.createUser({ ...account, password: DEMO_PASSWORD });
  }
  return true;
}
