import { supportMessagePath, type SupportMessageInput, type SupportReceipt } from '@vsp/contract/endpoints/support';
import { api } from '../../../shared/http/api';

/** Leaves a message for customer service; resolves with its reference number. */
export function sendSupportMessage(input: SupportMessageInput): Promise<SupportReceipt> {
  return api.request<SupportReceipt>(supportMessagePath, { method: 'POST', body: { ...input } });
}
