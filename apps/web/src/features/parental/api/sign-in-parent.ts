import { parentSignInPath } from '@vsp/contract/endpoints/parental';
import { api } from '../../../shared/http/api';

/** Signs a parent in with the mailed link's token and the PIN; answers a session. */
export function signInParent(token: string, pin: string) {
  return api.post(parentSignInPath, { body: { token, pin } });
}
