import { accountDeletionRequestPath } from '@vsp/contract/endpoints/account-data';
import { api } from '../../../shared/http/api';
import { useInvalidatingMutation, type AfterWrite } from '../../../shared/http/use-invalidating-mutation';
import { accountDataKeys } from './keys';

/** `lang`: the language of the mails about the request (asked, cancelled, completed). */
export function requestDeletion(lang: string) {
  return api.post(accountDeletionRequestPath, { body: { lang } });
}

/** Asks for the account's deletion; `viewer`'s deletion status is then out of date. */
export function useRequestDeletion(viewer: string, lang: string, then?: AfterWrite<Awaited<ReturnType<typeof requestDeletion>>>) {
  return useInvalidatingMutation(() => requestDeletion(lang), accountDataKeys.deletion(viewer), then);
}
