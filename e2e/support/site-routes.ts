/** Every route of spec section 2 (production build: /recharge is the new top-up page, /oldRecharge the legacy one). */
export const SITE_ROUTES = [
  '/', '/login', '/priv', '/child-priv', '/userve', '/quick-guide', '/quick-start-guide', '/room-rewards', '/update-content',
  '/friend-space', '/user-group', '/ktv-party', '/music', '/about', '/upload', '/udesk', '/creator-platform', '/tutorial',
  '/creator', '/exchange', '/recharge', '/oldRecharge', '/orders', '/receipt',
];
