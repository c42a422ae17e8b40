import {
  checkPasswordResetPath,
  requestPasswordResetPath,
  resetPasswordPath,
} from '@vsp/contract/endpoints/password-reset';
import {
  getUserInfoByTokenPath,
  loginPath,
  logoutPath,
  type SessionUser,
  type UserInfo,
} from '@vsp/contract/endpoints/user';
import { api } from '../../../shared/http/api';

/** Call 1: log in with an e-mail or user name and a password. */
export function login(account: string, password: string): Promise<SessionUser> {
  return api.request<SessionUser>(loginPath, { method: 'POST', body: { userName: account.trim(), passWord: password } });
}

/** Call 2: the user behind the stored token and uid (the route guard's check). */
export function getUserInfo(): Promise<UserInfo> {
  return api.request<UserInfo>(getUserInfoByTokenPath);
}

/** Revokes this device's session on the server. */
export function logout(): Promise<{ loggedOut: true }> {
  return api.request(logoutPath, { method: 'POST', body: {} });
}

export function requestPasswordReset(email: string, lang: string): Promise<{ sent: true; validMinutes: number }> {
  return api.request(requestPasswordResetPath, { method: 'POST', body: { email: email.trim(), lang } });
}

export function checkPasswordReset(token: string): Promise<{ expiresAt: string }> {
  return api.request(checkPasswordResetPath, { method: 'POST', body: { token } });
}

export function resetPassword(token: string, password: string): Promise<{ reset: true }> {
  return api.request(resetPasswordPath, { method: 'POST', body: { token, passWord: password } });
}
