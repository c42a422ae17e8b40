import { loginPath } from '@vsp/contract/endpoints/user';
import { api } from '../../../shared/http/api';

/** Call 1: log in with an e-mail or user name and a password. */
export function login(account: string, password: string) {
  return api.post(loginPath, { body: { userName: account.trim(), passWord: password } });
}
