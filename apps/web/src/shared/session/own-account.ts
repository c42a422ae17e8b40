import { getUserInfoByTokenPath } from '@vsp/contract/endpoints/user';
import { api } from '../http/api';

/**
 * Call 2: the signed-in account behind the stored token and uid, its own e-mail address included
 * (never kept in the browser's storage). The route guard's check, in the first load: no TanStack
 * Query here (use-own-account.ts holds the hook).
 */
export function getOwnAccount() {
  return api.get(getUserInfoByTokenPath);
}
