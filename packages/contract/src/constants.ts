/** Business constants and limits of spec section 9, named once for server and clients. */

export const HTTP_TIMEOUT_MS = 20_000;
export const UPLOAD_PART_SIZE = 1_024_000;
export const UPLOAD_TIMEOUT_MS = 120_000;
export const UPLOAD_MAX_RETRIES = 3;
export const CREDENTIAL_REFRESH_MS = 3_600_000;
export const PAGE_CHUNK_TIMEOUT_MS = 120_000;

export const APP_ID_DEFAULT = 1004;
export const APP_ID_CREDENTIAL = 1000;
export const RANDOM_DIGITS_DEFAULT = 6;
export const RANDOM_DIGITS_CREDENTIAL = 4;
/** How far a signed request's timestamp may stray from the server clock. */
export const SIGN_WINDOW_MS = 5 * 60_000;

export const LABEL_CATALOGUE_VERSION = 21;
export const PROGRESS_DECIMALS = 2;

export const BREAKPOINT_MOBILE_PX = 825;
export const BREAKPOINT_HEADER_TABS_PX = 1025;
export const BREAKPOINT_LOGO_SLIDE5_PX = 725;
export const RESIZE_DEBOUNCE_SHELL_MS = 200;
export const ABOUT_SCROLL_THRESHOLD_PX = 200;
export const SCROLL_TO_TOP_MS = 500;
export const DOWNLOAD_BADGE_WIDTH_PX = 165;
export const DOWNLOAD_BADGE_WIDTH_NARROW_PX = 135;
export const DOWNLOAD_BADGE_NARROW_BELOW_PX = 725;
export const HEADER_TABS_CENTRED_MAX = 6;
export const DROPDOWN_Z_INDEX = 2006;
export const LANGUAGE_PICKER_Z_INDEX = 2008;

export const SONG_NAME_MAX = 20;
export const SINGER_MAX = 20;
/** Music file must be larger than 512 KB and at most 20 MB. */
export const MUSIC_MIN_BYTES = 512 * 1024;
export const MUSIC_MAX_BYTES = 20 * 1024 * 1024;
export const OUTFIT_MAX_TOTAL_BYTES = 1_073_741_824;

export const UNPAID_ORDERS_MAX = 20;
export const TRACING_SAMPLE_RATE = 1;

export const NARROW_DIALOG = { windowMaxPx: 320, minWidthPx: 280, defaultWidth: '40%', widthPx: 320 } as const;
export const CONFIRM_DIALOG = { width: '60%', maxWidthPx: 320, radiusPx: 20 } as const;

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
