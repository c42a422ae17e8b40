import { removePasskeyPath } from '@vsp/contract/endpoints/passkeys';
import { api } from '../../../shared/http/api';
import { useInvalidatingMutation, type AfterWrite } from '../../../shared/http/use-invalidating-mutation';
import { accountDataKeys } from './keys';

export async function removePasskey(id: number) {
  return (await api.post(removePasskeyPath, { body: { id } })).passkeys;
}

/** Removes the passkey given to `mutate`; `viewer`'s passkeys are then out of date. */
export function useRemovePasskey(viewer: string, then?: AfterWrite<Awaited<ReturnType<typeof removePasskey>>>) {
  return useInvalidatingMutation(removePasskey, accountDataKeys.passkeys(viewer), then);
}
