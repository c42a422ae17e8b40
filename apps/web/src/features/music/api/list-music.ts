import { MUSIC_PAGE_SIZE, listMusicPath, type MusicPage } from '@vsp/contract/endpoints/music';
import { api } from '../../../shared/http/api';
import { usePagedList, type PageSource } from '../../../shared/http/use-paged-list';
import { musicKeys } from './keys';

/** One page of the logged-in user's songs, newest first. */
export function listMusic(page: number, signal?: AbortSignal) {
  return api.get(listMusicPath, { query: { page, pageSize: MUSIC_PAGE_SIZE }, signal });
}

/** The user's list of songs, a page at a time, as `viewer`'s session sees it. */
export function musicPages(viewer: string | null): PageSource<MusicPage> {
  return { queryKey: (page) => musicKeys.page(viewer, page), fetchPage: listMusic };
}

/** The user's songs as the website's one paged list. */
export function useMusicList(viewer: string | null) {
  return usePagedList(musicPages(viewer));
}
