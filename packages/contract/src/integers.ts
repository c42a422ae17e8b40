/**
 * Upper bounds of the integers a request may carry (decision 0090). Every integer of a request
 * schema has a maximum: the column's range where it lands in an int4 column, a product limit where
 * there is one, and never beyond what JavaScript counts exactly.
 */

/** PostgreSQL `integer` (int4): campaign, catalogue and payment-method ids, label versions, caps. */
export const INT4_MAX = 2_147_483_647;
/** Account IDs (uid): 15 digits, as the site's account-ID fields accept. */
export const UID_MAX = 999_999_999_999_999;
/** Ids of bigint rows (sessions, songs, outfits): the largest integer JavaScript counts exactly. */
export const BIGINT_ID_MAX = Number.MAX_SAFE_INTEGER;
/** Times in ms since the epoch: the end of the year 9999. */
export const EPOCH_MS_MAX = 253_402_300_799_999;
/** Single-use codes one request may generate (a new campaign's uniqueCount, or more codes). */
export const GIFT_CODES_PER_REQUEST_MAX = 100_000;
