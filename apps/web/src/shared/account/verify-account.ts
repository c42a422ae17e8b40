import { rechargeAccountPath } from '@vsp/contract/endpoints/recharge';
import { api } from '../http/api';

/** Verifies an account ID (the top-up and exchange pages both start with it). */
export function verifyAccount(uid: number, signal?: AbortSignal) {
  return api.get(rechargeAccountPath, { query: { uid }, signal });
}
