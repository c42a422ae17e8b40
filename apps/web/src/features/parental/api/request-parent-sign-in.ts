import { parentSignInRequestPath } from '@vsp/contract/endpoints/parental';
import { api } from '../../../shared/http/api';

/** Mails a parent a sign-in link. */
export function requestParentSignIn(email: string) {
  return api.post(parentSignInRequestPath, { body: { email } });
}
