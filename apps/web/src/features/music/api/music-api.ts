import type { BodyOf } from '@vsp/api-client/call-types';
import { MUSIC_PAGE_SIZE, listMusicPath, submitMusicPath } from '@vsp/contract/endpoints/music';
import { api } from '../../../shared/http/api';

/** Files an uploaded song for review; the server checks the file before it answers. */
export function submitMusic(input: Omit<BodyOf<typeof submitMusicPath>, 'agreed'>) {
  return api.post(submitMusicPath, { body: { ...input, agreed: true } });
}

export function fetchMusicPage(page: number, pageSize = MUSIC_PAGE_SIZE) {
  return api.get(listMusicPath, { query: { page, pageSize } });
}
