import type { BodyOf } from '@vsp/api-client/call-types';
import { MUSIC_PAGE_SIZE, listMusicPath, submitMusicPath } from '@vsp/contract/endpoints/music';
import { api } from '../../../shared/http/api';

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

export function fetchMusicPage(page: number) {
  return api.get(listMusicPath, { query: { page, pageSize: MUSIC_PAGE_SIZE } });
}
