import { useQuery } from '@tanstack/react-query';
import { getOwnAccount } from './own-account';
import { useSession } from './session-store';

/** The signed-in account as the server knows it now (own-account.ts); nothing while signed out. */
export function useOwnAccount() {
  const session = useSession();
  return useQuery({
    queryKey: ['session', 'own-account', session?.uid ?? null],
    queryFn: getOwnAccount,
    enabled: session !== null,
    staleTime: 60_000,
  });
}
