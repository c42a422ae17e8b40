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

/** Whether a path is a page of the website (otherwise the website answers its 404 page). */
export function isSitePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    (Object.values(sitePaths) as string[]).includes(path) ||
    ['/recharge', '/oldRecharge', '/newRecharge'].includes(path)
  );
}
