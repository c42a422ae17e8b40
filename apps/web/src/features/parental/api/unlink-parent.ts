import { parentUnlinkPath, type ParentSession } from '@vsp/contract/endpoints/parental';
import { api } from '../../../shared/http/api';
import { parentSessionHeaders } from '../parent-session';

export function unlinkParent(session: ParentSession) {
  return api.post(parentUnlinkPath, { headers: parentSessionHeaders(session) });
}
