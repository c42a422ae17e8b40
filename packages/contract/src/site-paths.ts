/** Every route of the website (spec section 2), named once for the router and the server. */
export const sitePaths = {
  home: '/',
  login: '/login',
  /** Forgotten password: the request form, and the page the e-mailed link opens (`?token=`). */
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  privacy: '/priv',
  childPrivacy: '/child-priv',
  terms: '/userve',
  quickGuide: '/quick-guide',
  quickStartGuide: '/quick-start-guide',
  roomRewards: '/room-rewards',
  updateContent: '/update-content',
  friendSpace: '/friend-space',
  userGroup: '/user-group',
  ktvParty: '/ktv-party',
  music: '/music',
  about: '/about',
  upload: '/upload',
  udesk: '/udesk',
  creatorPlatform: '/creator-platform',
  tutorial: '/tutorial',
  creator: '/creator',
  exchange: '/exchange',
  /** The signed-in player's top-up and gift-pack orders (issue 19), and one order's receipt (`?order=`, `&token=` from the mail). */
  orders: '/orders',
  receipt: '/receipt',
  /** The signed-in player's account page: download their data, delete the account (issue 20). */
  account: '/account',
  /** The parent page (issue 32): confirm a link (`?token=` from the mail), sign in with a mailed link and the PIN, manage the child's limit. */
  parent: '/parent',
} as const;

export type BuildVariant = 'production' | 'development' | 'stable' | 'stable-me';
export const BUILD_VARIANTS: readonly BuildVariant[] = ['production', 'development', 'stable', 'stable-me'];

/**
 * Production serves the new top-up page at /recharge and the legacy one at /oldRecharge; the
 * development, stable and stable-me builds swap them: /newRecharge is new, /recharge is old.
 */
export function rechargePaths(variant: BuildVariant): { newPage: string; oldPage: string } {
  return variant === 'production'
    ? { newPage: '/recharge', oldPage: '/oldRecharge' }
    : { newPage: '/newRecharge', oldPage: '/recharge' };
}

/** The `<meta>` of the built index.html naming its build variant, so the server answers its routes. */
export const BUILD_VARIANT_META = 'vsp-build-variant';

export function isBuildVariant(value: unknown): value is BuildVariant {
  return typeof value === 'string' && (BUILD_VARIANTS as readonly string[]).includes(value);
}

/**
 * Whether a path is a page of the website built as `variant` (otherwise the website answers its
 * 404 page, and the server the 404 status): the pages of spec section 2 and that build's two top-up
 * paths (production has no /newRecharge, the other builds no /oldRecharge).
 */
export function isSitePath(pathname: string, variant: BuildVariant = 'production'): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const { newPage, oldPage } = rechargePaths(variant);
  return (Object.values(sitePaths) as string[]).includes(path) || path === newPage || path === oldPage;
}
