import { requestPasswordResetPath } from '@vsp/contract/endpoints/password-reset';
import { api } from '../../../shared/http/api';

export function requestPasswordReset(email: string, lang: string) {
  return api.post(requestPasswordResetPath, { body: { email: email.trim(), lang } });
}
