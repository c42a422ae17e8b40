import { matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { Errors } from '@vsp/contract/error-codes';
import { sitePaths } from '@vsp/contract/site-paths';
import type { RouteMeta } from './route-meta';

/**
 * The route guard of spec section 2, run before every navigation (the root route's loader, which
 * revalidates on each one):
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
  routes: RouteObject[];
  isMobile: () => boolean;
  hasSession: () => boolean;
  /** Call 2 with the stored token and uid; how it failed, if it did. */
  checkLogin: () => Promise<LoginCheck>;
  clearSession: () => void;
  /** Tells the visitor why they were sent to the login page (a toast after the navigation). */
  notify: (code: number | undefined) => void;
  loginUrlFor: (path: string) => string;
  /**
   * The fragment of the navigation to `url`: a loader's Request never carries one, so the guard asks
   * where the visitor is going (the address bar, or the router's pending navigation).
   */
  hashOf?: (url: URL) => string;
}

export function metaOf(routes: RouteObject[], pathname: string): RouteMeta | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route.handle as RouteMeta | undefined;
}

export function createRouteGuard(deps: RouteGuardDeps) {
  return async function routeGuard({ request }: LoaderFunctionArgs) {
    const url = new URL(request.url);
    const meta = metaOf(deps.routes, url.pathname);
    const elsewhere = deviceRedirect(meta, deps.isMobile());
    if (elsewhere) throw redirect(elsewhere);
    if (!meta?.requiresAuth) return null;

    const hash = url.hash || deps.hashOf?.(url) || '';
    const toLogin = () => redirect(deps.loginUrlFor(`${url.pathname}${url.search}${hash}`));
    // No stored session is what call 2 answers without a token: 40100, "Please log in first".
    if (!deps.hasSession()) {
      deps.notify(Errors.LoginRequired);
      throw toLogin();
    }
    const check = await deps.checkLogin();
    if (check.ok) return null;
    if (check.clearSession) deps.clearSession();
    deps.notify(check.code);
    throw toLogin();
  };
}
