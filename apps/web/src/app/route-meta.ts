import type { LanguageCode } from '@vsp/contract/language-codes';

/** What a route declares about itself (spec section 2, route guard). */
export interface RouteMeta {
  /** Label key of the page title. */
  titleKey: string;
  requiresAuth?: boolean;
  /** Hidden on phones when false (redirects to /). */
  displayOnMobile?: boolean;
  /** Hidden on desktops when false (redirects to /). */
  displayOnDesktop?: boolean;
  /** On phones the route is served by another page (/creator-platform -> /creator?tab=0). */
  mobileRedirect?: string;
  /**
   * Content the page loads after its code (a legal document), fetched before the first render of a
   * prerendered page, on the server and in the browser, so both render the same.
   */
  prepare?: (lang: LanguageCode) => Promise<unknown>;
  /** The page renders inside ServerState (router.tsx sets it): the prerender fetches its code at paint too. */
  serverState?: boolean;
}
