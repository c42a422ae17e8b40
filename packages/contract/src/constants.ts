/** Business constants and limits of spec section 9, named once for server and clients. */

export const HTTP_TIMEOUT_MS = 20_000;
export const UPLOAD_PART_SIZE = 1_024_000;
export const UPLOAD_TIMEOUT_MS = 120_000;
export const UPLOAD_MAX_RETRIES = 3;
export const CREDENTIAL_REFRESH_MS = 3_600_000;

export const APP_ID_DEFAULT = 1004;
export const APP_ID_CREDENTIAL = 1000;
export const RANDOM_DIGITS_DEFAULT = 6;
export const RANDOM_DIGITS_CREDENTIAL = 4;
/** How far a signed request's timestamp may stray from the server clock. */
export const SIGN_WINDOW_MS = 5 * 60_000;

export const LABEL_CATALOGUE_VERSION = 21;

export const SONG_NAME_MAX = 20;
export const SINGER_MAX = 20;
/** Music file must be larger than 512 KB and at most 20 MB. */
export const MUSIC_MIN_BYTES = 512 * 1024;
export const MUSIC_MAX_BYTES = 20 * 1024 * 1024;
export const OUTFIT_MAX_TOTAL_BYTES = 1_073_741_824;

export const UNPAID_ORDERS_MAX = 20;
export const TRACING_SAMPLE_RATE = 1;

/** Countries whose visitors go to the regional site (spec section 1), by GeoIP country name. */
export const REGIONAL_COUNTRIES = [
  'Egypt',
  'United Arab Emirates',
  'Oman',
  'Bahrain',
  'Qatar',
  'Kuwait',
  'Saudi Arabia',
  'Syria',
  'Iraq',
  'Jordan',
] as const;

/** The support mailboxes (spec: footer lines and the customer-service page); staffed 24 hours. */
export const CONTACT_MAILBOX = 'contact@avatarparty.app';
export const SERVICE_MAILBOX = 'service@avatarparty.app';
