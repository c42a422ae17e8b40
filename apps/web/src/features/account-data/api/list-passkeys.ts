import { queryOptions, useQuery } from '@tanstack/react-query';
import { passkeysPath } from '@vsp/contract/endpoints/passkeys';
import { api } from '../../../shared/http/api';
import { accountDataKeys } from './keys';

/** The player's passkeys (issue 30). */
export async function listPasskeys() {
  return (await api.get(passkeysPath)).passkeys;
}

export function passkeysQuery(viewer: string) {
  return queryOptions({ queryKey: accountDataKeys.passkeys(viewer), queryFn: listPasskeys, enabled: viewer !== '' });
}

export function usePasskeys(viewer: string) {
  return useQuery(passkeysQuery(viewer));
}
