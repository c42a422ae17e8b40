import { giftRedeemPath } from '@vsp/contract/endpoints/gift-codes';
import { api } from '../../../shared/http/api';

/** Redeems a gift code (exactly as typed: codes are case sensitive) for an account ID. */
export function redeemGiftCode(uid: number, code: string) {
  return api.post(giftRedeemPath, { body: { uid, code } });
}
