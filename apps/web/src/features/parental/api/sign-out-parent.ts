import { parentSignOutPath, type ParentSession } from '@vsp/contract/endpoints/parental';
import { api } from '../../../shared/http/api';
import { parentSessionHeaders } from '../parent-session';

export function signOutParent(session: ParentSession) {
  return api.post(parentSignOutPath, { headers: parentSessionHeaders(session) });
}
