/**
 * Outfit submission paths and states without TypeBox, for the website bundle; the request and
 * response schemas are in endpoints/outfits.ts.
 */

/** The signed-in creator's own submissions, newest first (GET, paged). */
export const listOutfitsPath = '/v1/creator/outfit/list';
/** Records an outfit whose archive the upload engine stored (POST). */
export const submitOutfitPath = '/v1/creator/outfit/submit';

export const OUTFIT_REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export const OUTFIT_UPLOAD_STATUSES = ['success', 'failure'] as const;
