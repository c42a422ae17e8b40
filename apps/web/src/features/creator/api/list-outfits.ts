import { listOutfitsPath } from '@vsp/contract/outfit-submissions';
import { api } from '../../../shared/http/api';

/**
 * The creator feature's query keys. A page of submissions belongs to the session that asked for it
 * (`viewer`, its uid), so one account never sees another's rows from the cache.
 */
export const outfitKeys = {
  all: ['outfits'] as const,
  page: (viewer: string | null, page: number) => ['outfits', 'page', viewer, page] as const,
};

/** One page of the logged-in creator's submissions, newest first. */
export function listOutfits(page: number, pageSize: number, signal?: AbortSignal) {
  return api.get(listOutfitsPath, { query: { page, pageSize }, signal });
}
