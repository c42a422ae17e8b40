import { rechargeAccountPath } from '@vsp/contract/endpoints/recharge';
import { api } from '../http/api';

/** Verifies an account ID (the top-up and exchange pages both start with it). */
export function verifyAccount(uid: number, signal?: AbortSignal) {
  return api.get(rechargeAccountPath, { query: { uid }, signal });
}

/** Digits only, as the app shows it; answers the label key of what is wrong, or null. */
export function accountIdProblem(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return 'recharge.userInput.tips';
  if (!/^[0-9]{1,15}$/.test(trimmed)) return 'recharge.userInput.digits';
  return null;
}
