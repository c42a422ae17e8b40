/**
 * Why an operator rejects a creator's outfit or song, from a fixed list the creator reads in their
 * language with how to fix it (issue 20), and the events of a submission's timeline. No TypeBox
 * here: the website's creator and music pages import these lists.
 */

export const REJECTION_CATEGORIES = [
  'too_many_triangles',
  'texture_too_large',
  'wrong_component_type',
  'inappropriate_content',
  'copyright',
  'broken_model',
  'other',
] as const;
export type RejectionCategory = (typeof REJECTION_CATEGORIES)[number];

/** The categories that make sense for a song (a song has no triangles, textures or component type). */
export const MUSIC_REJECTION_CATEGORIES = ['inappropriate_content', 'copyright', 'other'] as const satisfies readonly RejectionCategory[];

export function isRejectionCategory(value: unknown): value is RejectionCategory {
  return typeof value === 'string' && (REJECTION_CATEGORIES as readonly string[]).includes(value);
}

/** An operator's optional note beside the category. */
export const REVIEW_NOTE_MAX = 500;

/**
 * What happened to a submission, oldest first: filed, taken by a reviewer, decided, and filed again
 * (a resubmission linked to this one).
 */
export const SUBMISSION_EVENTS = ['submitted', 'in_review', 'approved', 'rejected', 'resubmitted'] as const;

/**
 * How long an operator's claim on a queue item lasts: long enough to play a song or turn a model
 * and decide, short enough that an item left open by an operator who went away is back within a
 * quarter of an hour. Claiming again (or deciding) renews it.
 */
export const REVIEW_CLAIM_MS = 15 * 60_000;

/** The queue items one bulk decision may carry. */
export const REVIEW_BULK_MAX = 50;

export const REVIEW_KINDS = ['music', 'outfit'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];
