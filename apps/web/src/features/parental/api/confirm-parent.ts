import { parentConfirmPath } from '@vsp/contract/endpoints/parental';
import { api } from '../../../shared/http/api';

/** Confirms the link a player asked for (the mailed token) and sets the parent's PIN; answers a session. */
export function confirmParent(token: string, pin: string) {
  return api.post(parentConfirmPath, { body: { token, pin } });
}
