import { resetPasswordPath } from '@vsp/contract/endpoints/password-reset';
import { api } from '../../../shared/http/api';

export function resetPassword(token: string, password: string) {
  return api.post(resetPasswordPath, { body: { token, passWord: password } });
}
