import { queryOptions, useQuery } from '@tanstack/react-query';
import { parentAccountPath, type ParentSession } from '@vsp/contract/endpoints/parental';
import { api } from '../../../shared/http/api';
import { parentSessionHeaders } from '../parent-session';
import { parentKeys } from './keys';

/** The child's account as its parent manages it. */
export function getParentAccount(session: ParentSession) {
  return api.get(parentAccountPath, { headers: parentSessionHeaders(session) });
}

export function parentAccountQuery(session: ParentSession) {
  return queryOptions({ queryKey: parentKeys.account(session.uid), queryFn: () => getParentAccount(session), retry: false });
}

export function useParentAccount(session: ParentSession) {
  return useQuery(parentAccountQuery(session));
}
