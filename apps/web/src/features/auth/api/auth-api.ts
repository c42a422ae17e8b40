import { checkPasswordResetPath, requestPasswordResetPath, resetPasswordPath } from '@vsp/contract/endpoints/password-reset';
import { passkeySignInOptionsPath, passkeySignInPath } from '@vsp/contract/endpoints/passkeys';
import { loginPath, logoutPath } from '@vsp/contract/endpoints/user';
import { api } from '../../../shared/http/api';

/** The auth feature's query keys. */
export const authKeys = {
  /** The check of an e-mailed reset link. */
  passwordResetLink: (token: string) => ['auth', 'password-reset-link', token] as const,
};

/** Call 1: log in with an e-mail or user name and a password. */
export function login(account: string, password: string) {
  return api.post(loginPath, { body: { userName: account.trim(), passWord: password } });
}

/** Signs in with a passkey of this device instead of the password (issue 30); answers like call 1. */
export async function loginWithPasskey() {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const { options } = await api.post(passkeySignInOptionsPath);
  const credential = await startAuthentication({ optionsJSON: options as never });
  return api.post(passkeySignInPath, { body: { credential: credential as never } });
}

/** Revokes this device's session on the server. */
export function logout() {
  return api.post(logoutPath);
}

export function requestPasswordReset(email: string, lang: string) {
  return api.post(requestPasswordResetPath, { body: { email: email.trim(), lang } });
}

export function checkPasswordReset(token: string) {
  return api.post(checkPasswordResetPath, { body: { token } });
}

export function resetPassword(token: string, password: string) {
  return api.post(resetPasswordPath, { body: { token, passWord: password } });
}
