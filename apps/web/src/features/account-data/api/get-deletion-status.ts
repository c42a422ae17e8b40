import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountDeletionPath } from '@vsp/contract/endpoints/account-data';
import { api } from '../../../shared/http/api';
import { accountDataKeys } from './keys';

export function getDeletionStatus() {
  return api.get(accountDeletionPath);
}

/** Not asked without a session: after a logout, the page shows until the route guard moves on. */
export function deletionStatusQuery(viewer: string) {
  return queryOptions({ queryKey: accountDataKeys.deletion(viewer), queryFn: getDeletionStatus, enabled: viewer !== '' });
}

export function useDeletionStatus(viewer: string) {
  return useQuery(deletionStatusQuery(viewer));
}
