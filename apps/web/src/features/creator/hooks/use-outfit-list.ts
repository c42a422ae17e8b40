import { useCallback, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OutfitPage } from '@vsp/contract/endpoints/outfits';
import { useSession } from '../../../shared/session/session-store';
import { listOutfits, outfitKeys } from '../api/list-outfits';

export const OUTFIT_PAGE_SIZE = 10;

export type OutfitListState =
  | { status: 'loading'; page: number; data?: OutfitPage }
  | { status: 'ready'; page: number; data: OutfitPage }
  | { status: 'error'; page: number; error: unknown };

/**
 * The creator's submissions, one page at a time; `reload` fetches the current page again. While a
 * page loads, the previous one stays on screen.
 */
export function useOutfitList() {
  const viewer = useSession()?.uid ?? null;
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: outfitKeys.page(viewer, page),
    queryFn: ({ signal }) => listOutfits(page, OUTFIT_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });

  let state: OutfitListState;
  if (query.isFetching || !(query.isError || query.isSuccess)) state = { status: 'loading', page, ...(query.data ? { data: query.data } : {}) };
  else if (query.isError) state = { status: 'error', page, error: query.error };
  else state = { status: 'ready', page, data: query.data };

  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  /** After a new submission (which marks every page out of date): back to the first page, where it shows. */
  const showNewest = useCallback(() => setPage(1), []);
  return { state, page, setPage, reload, showNewest };
}
