import { useCallback, useEffect, useState } from 'react';
import type { OutfitPage } from '@vsp/contract/endpoints/outfits';
import { listOutfits } from '../api/list-outfits';

export const OUTFIT_PAGE_SIZE = 10;

export type OutfitListState =
  | { status: 'loading'; page: number; data?: OutfitPage }
  | { status: 'ready'; page: number; data: OutfitPage }
  | { status: 'error'; page: number; error: unknown };

type Result = { request: string; data: OutfitPage } | { request: string; error: unknown; data?: OutfitPage };

/**
 * The creator's submissions, one page at a time; `reload` fetches the current page again. While a
 * page loads, the previous one stays on screen.
 */
export function useOutfitList() {
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [result, setResult] = useState<Result | null>(null);
  const request = `${page}:${version}`;

  useEffect(() => {
    const controller = new AbortController();
    listOutfits(page, OUTFIT_PAGE_SIZE, controller.signal).then(
      (data) => setResult({ request, data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setResult((previous) => ({ request, error, ...(previous?.data ? { data: previous.data } : {}) }));
      },
    );
    return () => controller.abort();
  }, [page, request]);

  let state: OutfitListState;
  if (result?.request !== request) state = { status: 'loading', page, ...(result?.data ? { data: result.data } : {}) };
  else if ('error' in result) state = { status: 'error', page, error: result.error };
  else state = { status: 'ready', page, data: result.data };

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  /** After a new submission: back to the first page, where it shows. */
  const showNewest = useCallback(() => {
    setPage(1);
    setVersion((v) => v + 1);
  }, []);
  return { state, page, setPage, reload, showNewest };
}
