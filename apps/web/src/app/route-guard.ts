import { Errors } from '@vsp/contract/error-codes';
import { sitePaths } from '@vsp/contract/site-paths';
import type { RouteMeta } from './route-meta';

/**
 * The route guard of spec section 2, run before every navigation (site-navigation.ts):
 * 1. a route served by another page on phones goes there (/creator-platform -> /creator?tab=0,
 *    /tutorial -> /creator?tab=1);
 * 2. a route hidden on this kind of device (displayOnMobile / displayOnDesktop false) goes to /;
 * 3. a requiresAuth route needs a stored token and uid, checked with the server (call 2) each time;
 *    when missing or refused the visitor sees why (the text of errInfo.code, else "user info
 *    verification failed") and goes to /login?redirect=<the original full path>.
 */

/** Where a route sends the visitor before any login check, or undefined to stay. */
export function deviceRedirect(meta: RouteMeta | undefined, mobile: boolean): string | undefined {
  if (!meta) return undefined;
  if (mobile && meta.mobileRedirect) return meta.mobileRedirect;
  if (mobile ? meta.displayOnMobile === false : meta.displayOnDesktop === false) return sitePaths.home;
  return undefined;
}

export type LoginCheck = { ok: true } | { ok: false; code: number | undefined; clearSession: boolean };

export interface RouteGuardDeps {
  isMobile: () => boolean;
  hasSession: () => boolean;
  /** Call 2 with the stored token and uid; how it failed, if it did. */
  checkLogin: () => Promise<LoginCheck>;
  clearSession: () => void;
  /** Tells the visitor why they were sent to the login page (a toast after the navigation). */
  notify: (code: number | undefined) => void;
  loginUrlFor: (path: string) => string;
}

/**
 * The guard: where the visitor going to `url`, whose route declares `meta`, is sent instead, or null
 * to let them through.
 */
export function createRouteGuard(deps: RouteGuardDeps) {
  return async function routeGuard(url: URL, meta: RouteMeta | undefined): Promise<string | null> {
    const elsewhere = deviceRedirect(meta, deps.isMobile());
    if (elsewhere) return elsewhere;
    if (!meta?.requiresAuth) return null;

    const toLogin = deps.loginUrlFor(`${url.pathname}${url.search}${url.hash}`);
    // No stored session is what call 2 answers without a token: 40100, "Please log in first".
    if (!deps.hasSession()) {
      deps.notify(Errors.LoginRequired);
      return toLogin;
    }
    const check = await deps.checkLogin();
    if (check.ok) return null;
    if (check.clearSession) deps.clearSession();
    deps.notify(check.code);
    return toLogin;
  };
}
