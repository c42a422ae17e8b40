import { giftRedeemPath, type Redemption } from '@vsp/contract/endpoints/gift-codes';
import { api } from '../../../shared/http/api';

/** Redeems a gift code (exactly as typed: codes are case sensitive) for an account ID. */
export function redeemGiftCode(uid: number, code: string): Promise<Redemption> {
  return api.request<Redemption>(giftRedeemPath, { method: 'POST', body: { uid, code } });
}
