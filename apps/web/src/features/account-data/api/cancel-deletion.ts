import { accountDeletionCancelPath } from '@vsp/contract/endpoints/account-data';
import { api } from '../../../shared/http/api';
import { useInvalidatingMutation, type AfterWrite } from '../../../shared/http/use-invalidating-mutation';
import { accountDataKeys } from './keys';

export function cancelDeletion() {
  return api.post(accountDeletionCancelPath);
}

/** Keeps the account; `viewer`'s deletion status is then out of date. */
export function useCancelDeletion(viewer: string, then?: AfterWrite<Awaited<ReturnType<typeof cancelDeletion>>>) {
  return useInvalidatingMutation(cancelDeletion, accountDataKeys.deletion(viewer), then);
}
