import { useCallback, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MusicPage } from '@vsp/contract/endpoints/music';
import { useSession } from '../../../shared/session/session-store';
import { fetchMusicPage, musicKeys } from '../api/music-api';

export type MusicListState = { kind: 'loading' } | { kind: 'error'; error: unknown } | { kind: 'ready'; page: MusicPage };

/** One page of the user's songs, with loading and error states; `reload` fetches it again. */
export function useMusicList() {
  const viewer = useSession()?.uid ?? null;
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: musicKeys.page(viewer, page),
    queryFn: () => fetchMusicPage(page),
    // A page change keeps the rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

  // After an error, a reload shows loading until it answers.
  let state: MusicListState;
  if (query.isError) state = query.isFetching ? { kind: 'loading' } : { kind: 'error', error: query.error };
  else state = query.data ? { kind: 'ready', page: query.data } : { kind: 'loading' };

  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  /** After a submission (which marks every page out of date): back to the first page. */
  const showFirstPage = useCallback(() => setPage(1), []);

  return { state, page, setPage, reload, showFirstPage };
}
