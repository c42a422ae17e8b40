import { supportMessagePath, type SupportMessageInput } from '@vsp/contract/endpoints/support';
import { api } from '../../../shared/http/api';

/** Leaves a message for customer service; resolves with its reference number. */
export function sendSupportMessage(input: SupportMessageInput) {
  return api.post(supportMessagePath, { body: input });
}
