import { UPLOAD_TIMEOUT_MS } from '@vsp/contract/constants';
import type { SubmitOutfitInput } from '@vsp/contract/endpoints/outfits';
import { submitOutfitPath } from '@vsp/contract/outfit-submissions';
import { api } from '../../../shared/http/api';
import { useInvalidatingMutation } from '../../../shared/http/use-invalidating-mutation';
import { outfitKeys } from './keys';

/**
 * Records an uploaded archive for review. The server unpacks and checks the whole archive first,
 * so this call may take longer than an ordinary one: it gets the upload timeout.
 */
export function submitOutfit(input: SubmitOutfitInput) {
  return api.post(submitOutfitPath, { body: input, timeoutMs: UPLOAD_TIMEOUT_MS });
}

/** Records a submission. The new submission heads the list: every page of it is out of date. */
export function useSubmitOutfit() {
  return useInvalidatingMutation(submitOutfit, outfitKeys.all);
}
