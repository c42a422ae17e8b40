import { playerParentLinkPath, playerParentPath } from '@vsp/contract/endpoints/parental';
import type { LanguageCode } from '@vsp/contract/language-codes';
import { accountDataExportPath, accountDeletionCancelPath, accountDeletionPath, accountDeletionRequestPath } from '@vsp/contract/endpoints/account-data';
import { api } from '../../../shared/http/api';

/** The account page's query keys (`viewer`: whose session asks). */
export const accountDataKeys = {
  deletion: (viewer: string) => ['account-data', 'deletion', viewer] as const,
};

export function fetchDeletionStatus() {
  return api.get(accountDeletionPath);
}

/** `lang`: the language of the mails about the request (asked, cancelled, completed). */
export function requestDeletion(lang: string) {
  return api.post(accountDeletionRequestPath, { body: { lang } });
}

export function cancelDeletion() {
  return api.post(accountDeletionCancelPath);
}

/** The export archive (zip, base64 in the envelope). */
export function fetchDataExport() {
  return api.get(accountDataExportPath);
}

/** Whether a parent manages the account (issue 32), and the request to one. */
export const parentKeys = {
  link: (viewer: string) => ['account-data', 'parent', viewer] as const,
};

export function fetchParentLink() {
  return api.get(playerParentPath);
}

export function requestParentLink(email: string, lang: LanguageCode) {
  return api.post(playerParentLinkPath, { body: { email, lang } });
}
