import { logoutPath } from '@vsp/contract/endpoints/user';
import { api } from '../../../shared/http/api';

/**
 * Revokes this device's session on the server. A plain call, no TanStack hook: the header's log-out
 * is on every page, and a page that reads no server state loads no TanStack code (decision 0124).
 */
export function logout() {
  return api.post(logoutPath);
}
