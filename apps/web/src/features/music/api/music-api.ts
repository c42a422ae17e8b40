import type { BodyOf } from '@vsp/api-client/call-types';
import { MUSIC_PAGE_SIZE, listMusicPath, submitMusicPath, type MusicPage } from '@vsp/contract/endpoints/music';
import { api } from '../../../shared/http/api';
import type { PageSource } from '../../../shared/http/use-paged-list';

/**
 * The music feature's query keys. A page of the list belongs to the session that asked for it
 * (`viewer`, its uid), so one account never sees another's rows from the cache.
 */
export const musicKeys = {
  all: ['music'] as const,
  page: (viewer: string | null, page: number) => ['music', 'page', viewer, page] as const,
};

/** Files an uploaded song for review; the server checks the file before it answers. */
export function submitMusic(input: Omit<BodyOf<typeof submitMusicPath>, 'agreed'>) {
  return api.post(submitMusicPath, { body: { ...input, agreed: true } });
}

/** One page of the logged-in user's songs, newest first. */
export function fetchMusicPage(page: number, signal?: AbortSignal) {
  return api.get(listMusicPath, { query: { page, pageSize: MUSIC_PAGE_SIZE }, signal });
}

/** The user's list of songs, a page at a time, as `viewer`'s session sees it. */
export function musicPages(viewer: string | null): PageSource<MusicPage> {
  return { queryKey: (page) => musicKeys.page(viewer, page), fetchPage: fetchMusicPage };
}
