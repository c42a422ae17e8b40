import { playerParentLinkPath } from '@vsp/contract/endpoints/parental';
import type { LanguageCode } from '@vsp/contract/language-codes';
import { api } from '../../../shared/http/api';
import { useInvalidatingMutation, type AfterWrite } from '../../../shared/http/use-invalidating-mutation';
import { accountDataKeys } from './keys';

/** Mails a parent the link that confirms they manage the account (issue 32). */
export function requestParentLink(email: string, lang: LanguageCode) {
  return api.post(playerParentLinkPath, { body: { email, lang } });
}

/** Sends the request to the address given to `mutate`; `viewer`'s parent link is then out of date. */
export function useRequestParentLink(viewer: string, lang: LanguageCode, then?: AfterWrite<Awaited<ReturnType<typeof requestParentLink>>>) {
  return useInvalidatingMutation((email: string) => requestParentLink(email, lang), accountDataKeys.parentLink(viewer), then);
}
