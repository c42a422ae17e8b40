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
}
