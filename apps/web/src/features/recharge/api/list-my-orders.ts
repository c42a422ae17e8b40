import { rechargeMyOrdersPath, type MyOrders } from '@vsp/contract/endpoints/recharge';
import { api } from '../../../shared/http/api';
import { usePagedList, type PageSource } from '../../../shared/http/use-paged-list';

/** The signed-in player's order history, one page (`viewer`: whose session asks). */
export const myOrdersKey = (viewer: string, page: number) => ['recharge', 'history', viewer, page] as const;

export function listMyOrders(page: number, signal?: AbortSignal) {
  return api.get(rechargeMyOrdersPath, { query: { page }, signal });
}

/** The signed-in player's order history, a page at a time, as `viewer`'s session sees it. */
export function myOrderPages(viewer: string): PageSource<MyOrders> {
  return { queryKey: (page) => myOrdersKey(viewer, page), fetchPage: listMyOrders };
}

/** The order history as the website's one paged list. */
export function useMyOrders(viewer: string) {
  return usePagedList(myOrderPages(viewer));
}
