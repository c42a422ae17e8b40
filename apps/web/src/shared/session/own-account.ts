import { useQuery } from '@tanstack/react-query';
import { getUserInfoByTokenPath } from '@vsp/contract/endpoints/user';
import { api } from '../http/api';
import { useSession } from './session-store';

/** Call 2: the signed-in account behind the stored token and uid (the route guard's check). */
export function getOwnAccount() {
  return api.get(getUserInfoByTokenPath);
}

/**
 * The signed-in account as the server knows it now, its own e-mail address included (never kept
 * in the browser's storage); nothing while signed out.
 */
export function useOwnAccount() {
  const session = useSession();
  return useQuery({
    queryKey: ['session', 'own-account', session?.uid ?? null],
    queryFn: getOwnAccount,
    enabled: session !== null,
    staleTime: 60_000,
  });
}
