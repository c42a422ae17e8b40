import { useCallback, useEffect, useState } from 'react';
import type { MusicPage } from '@vsp/contract/endpoints/music';
import { fetchMusicPage } from '../api/music-api';

export type MusicListState = { kind: 'loading' } | { kind: 'error'; error: unknown } | { kind: 'ready'; page: MusicPage };

/** One page of the user's songs, with loading and error states; `reload` fetches it again. */
export function useMusicList() {
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<MusicListState>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    fetchMusicPage(page).then(
      (data) => live && setState({ kind: 'ready', page: data }),
      (error: unknown) => live && setState({ kind: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [page, version]);

  // A page change keeps the rows on screen until the next page arrives; after an error, show loading.
  const reload = useCallback(() => {
    setState((current) => (current.kind === 'error' ? { kind: 'loading' } : current));
    setVersion((v) => v + 1);
  }, []);
  const showFirstPage = useCallback(() => {
    setPage(1);
    setVersion((v) => v + 1);
  }, []);

  return { state, page, setPage, reload, showFirstPage };
}
