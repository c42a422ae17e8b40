import { MUSIC_PAGE_SIZE, listMusicPath, submitMusicPath, type MusicItem, type MusicPage } from '@vsp/contract/endpoints/music';
import type { MusicLanguage } from '@vsp/contract/music-rules';
import { api } from '../../../shared/http/api';

export interface MusicSubmission {
  songName: string;
  singer: string;
  language: MusicLanguage;
  uploadId: string;
}

/** Files an uploaded song for review; the server checks the file before it answers. */
export function submitMusic(input: MusicSubmission): Promise<MusicItem> {
  return api.request<MusicItem>(submitMusicPath, { body: { ...input, agreed: true } });
}

export function fetchMusicPage(page: number, pageSize = MUSIC_PAGE_SIZE): Promise<MusicPage> {
  return api.request<MusicPage>(listMusicPath, { query: { page, pageSize } });
}
