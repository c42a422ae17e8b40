import { useCallback, useState } from 'react';
import { keepPreviousData, queryOptions, useQuery, type QueryObserverResult } from '@tanstack/react-query';
import type { OutfitPage } from '@vsp/contract/endpoints/outfits';
import { useSession } from '../../../shared/session/session-store';
import { listOutfits, outfitKeys } from '../api/list-outfits';

export const OUTFIT_PAGE_SIZE = 10;

export type OutfitListState =
  | { status: 'loading'; page: number; data?: OutfitPage }
  | { status: 'ready'; page: number; data: OutfitPage }
  | { status: 'error'; page: number; error: unknown };

/** One page of a viewer's submissions; while it loads, the page shown before stands in for it. */
export function outfitPageQuery(viewer: string | null, page: number) {
  return queryOptions({
    queryKey: outfitKeys.page(viewer, page),
    queryFn: ({ signal }) => listOutfits(page, OUTFIT_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
}

/** The table's state: loading whenever the page is being asked for (with the rows it has), then ready or error. */
export function outfitListState(page: number, query: Pick<QueryObserverResult<OutfitPage>, 'data' | 'error' | 'isError' | 'isFetching' | 'isSuccess'>): OutfitListState {
  if (!query.isFetching && query.isError) return { status: 'error', page, error: query.error };
  if (!query.isFetching && query.isSuccess && query.data) return { status: 'ready', page, data: query.data };
  return { status: 'loading', page, ...(query.data ? { data: query.data } : {}) };
}

/**
 * The creator's submissions, one page at a time; `reload` fetches the current page again. While a
 * page loads, the previous one stays on screen.
 */
export function useOutfitList() {
  const viewer = useSession()?.uid ?? null;
  const [page, setPage] = useState(1);
  const query = useQuery(outfitPageQuery(viewer, page));
  const state = outfitListState(page, query);

  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  /** After a new submission (which marks every page out of date): back to the first page, where it shows. */
  const showNewest = useCallback(() => setPage(1), []);
  return { state, page, setPage, reload, showNewest };
}
