import { listOutfitsPath } from '@vsp/contract/outfit-submissions';
import { api } from '../../../shared/http/api';

/** One page of the logged-in creator's submissions, newest first. */
export function listOutfits(page: number, pageSize: number, signal?: AbortSignal) {
  return api.get(listOutfitsPath, { query: { page, pageSize }, signal });
}
