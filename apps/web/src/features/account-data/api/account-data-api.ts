import { playerParentLinkPath, playerParentPath } from '@vsp/contract/endpoints/parental';
import type { LanguageCode } from '@vsp/contract/language-codes';
import { accountDataExportPath, accountDeletionCancelPath, accountDeletionPath, accountDeletionRequestPath } from '@vsp/contract/endpoints/account-data';
import { addPasskeyPath, passkeyRegistrationOptionsPath, passkeysPath, removePasskeyPath } from '@vsp/contract/endpoints/passkeys';
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

/** The player's passkeys (issue 30), keyed by whose session asks. */
export const passkeyKeys = {
  list: (viewer: string) => ['account-data', 'passkeys', viewer] as const,
};

export async function fetchPasskeys() {
  return (await api.get(passkeysPath)).passkeys;
}

/** Makes a passkey on this device for the account (the browser asks for the screen lock) and adds it. */
export async function addPasskey() {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const { options } = await api.post(passkeyRegistrationOptionsPath);
  const credential = await startRegistration({ optionsJSON: options as never });
  return (await api.post(addPasskeyPath, { body: { credential: credential as never } })).passkeys;
}

export async function removePasskey(id: number) {
  return (await api.post(removePasskeyPath, { body: { id } })).passkeys;
}
