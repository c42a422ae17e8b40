import type { BodyOf } from '@vsp/api-client/call-types';
import { submitMusicPath } from '@vsp/contract/endpoints/music';
import { api } from '../../../shared/http/api';
import { useInvalidatingMutation } from '../../../shared/http/use-invalidating-mutation';
import { musicKeys } from './keys';

/** Files an uploaded song for review; the server checks the file before it answers. */
export function submitMusic(input: Omit<BodyOf<typeof submitMusicPath>, 'agreed'>) {
  return api.post(submitMusicPath, { body: { ...input, agreed: true } });
}

/** Files a song. The new song heads the list: every page of it is out of date. */
export function useSubmitMusic() {
  return useInvalidatingMutation(submitMusic, musicKeys.all);
}
