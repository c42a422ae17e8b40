import { queryOptions, useQuery } from '@tanstack/react-query';
import { rechargeStatusPath, type RechargeStatus } from '@vsp/contract/endpoints/recharge';
import { api } from '../../../shared/http/api';

export const rechargeStatusKey = ['recharge', 'status'] as const;

/** The top-up's maintenance switches. */
export function getRechargeStatus() {
  return api.get(rechargeStatusPath);
}

export function rechargeStatusQuery() {
  return queryOptions({ queryKey: rechargeStatusKey, queryFn: getRechargeStatus });
}

/** The maintenance switches, fetched once per page view; without an answer there is no notice. */
export function useRechargeStatus(): RechargeStatus | null {
  return useQuery(rechargeStatusQuery()).data ?? null;
}
