import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerParentPath } from '@vsp/contract/endpoints/parental';
import { api } from '../../../shared/http/api';
import { accountDataKeys } from './keys';

/** Whether a parent manages the account (issue 32). */
export function getParentLink() {
  return api.get(playerParentPath);
}

export function parentLinkQuery(viewer: string) {
  return queryOptions({ queryKey: accountDataKeys.parentLink(viewer), queryFn: getParentLink, enabled: viewer !== '' });
}

export function useParentLink(viewer: string) {
  return useQuery(parentLinkQuery(viewer));
}
