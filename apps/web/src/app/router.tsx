import type { ComponentType } from 'react';
import { matchPath, createPath, type Location, type Path } from 'react-router';
import { rechargePaths, sitePaths } from '@vsp/contract/site-paths';
import { buildVariant } from '../shared/config/public-config';
import { resetHomeSlideForPath } from '../shared/app-state/home-slide-store';
import { completeTexts } from '../features/i18n/i18n';
import { translator } from '../shared/i18n/translator';
import { SiteNavigation, type Prepared } from '../shared/navigation/site-navigation';
import type { LanguageCode } from '@vsp/contract/language-codes';
import type { LegalDocumentId } from '../features/marketing/legal/legal-document';
import { lazyPage, type PageChunkError } from './page-chunk';
import type { RouteMeta } from './route-meta';
import { RouteErrorPage } from './routes/route-error-page';
import { createSiteRouteGuard } from './site-route-guard';

type PageModule = { Component: ComponentType };

/** A page of the site: its path, what it declares (spec section 2) and its code, loaded on first visit. */
export interface PageRoute {
  path: string;
  meta: RouteMeta;
  /** The page's component; never rejects (a load failure or one over 120 s gives the error page). */
  load: () => Promise<ComponentType>;
}

/** A page that reads server state renders inside ServerState, whose code loads beside the page's (decision 0124). */
const withServerStateOf = (load: () => Promise<PageModule>) => () =>
  Promise.all([load(), import('../shared/http/server-state')]).then(([page, state]) => ({ Component: state.withServerState(page.Component) }));

/**
 * A page whose code loads on first visit, once. `serverState: false` for a page that reads no
 * server state (no API query or write), so it loads no TanStack code.
 */
function page(path: string, meta: RouteMeta, load: () => Promise<PageModule>, { serverState = true } = {}): PageRoute {
  const onFailure = (error: PageChunkError): PageModule => ({ Component: () => <RouteErrorPage error={error} /> });
  const lazy = lazyPage(serverState ? withServerStateOf(load) : load, onFailure);
  let loaded: Promise<ComponentType> | undefined;
  return { path, meta: { ...meta, serverState }, load: () => (loaded ??= lazy().then((module) => module.Component)) };
}

/** A page that reads no server state. */
const noServerState = { serverState: false };

const recharge = rechargePaths(buildVariant);

/** A legal page's document, loaded ahead of the page's first render (RouteMeta.prepare). */
const legalDocument = (id: LegalDocumentId) => (lang: LanguageCode) =>
  import('../features/marketing/legal/legal-document').then((m) => m.loadLegalDocument(id, lang));

export const pageRoutes: PageRoute[] = [
  page(sitePaths.home, { titleKey: 'route.home' }, () => import('./routes/home-route').then((m) => ({ Component: m.HomeRoute })), noServerState),
  page(sitePaths.login, { titleKey: 'route.login' }, () =>
    import('../features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage })),
  ),
  page(sitePaths.forgotPassword, { titleKey: 'route.forgot_password' }, () =>
    import('../features/auth/pages/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
  ),
  page(sitePaths.resetPassword, { titleKey: 'route.reset_password' }, () =>
    import('../features/auth/pages/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
  ),
  page(sitePaths.privacy, { titleKey: 'route.priv', prepare: legalDocument('privacy') }, () => import('../features/marketing/pages/legal-page').then((m) => ({ Component: m.PrivacyPage }))),
  page(sitePaths.childPrivacy, { titleKey: 'route.child_priv', prepare: legalDocument('children') }, () => import('../features/marketing/pages/legal-page').then((m) => ({ Component: m.ChildrenPrivacyPage }))),
  page(sitePaths.terms, { titleKey: 'route.userve', prepare: legalDocument('terms') }, () => import('../features/marketing/pages/legal-page').then((m) => ({ Component: m.TermsPage }))),
  page(sitePaths.quickGuide, { titleKey: 'route.quick_guide' }, () => import('../features/marketing/pages/guide-pages').then((m) => ({ Component: m.QuickGuidePage })), noServerState),
  page(sitePaths.quickStartGuide, { titleKey: 'route.quick_start_guide' }, () => import('../features/marketing/pages/guide-pages').then((m) => ({ Component: m.QuickStartGuidePage })), noServerState),
  page(sitePaths.roomRewards, { titleKey: 'route.room_rewards' }, () => import('../features/marketing/pages/guide-pages').then((m) => ({ Component: m.RoomRewardsPage })), noServerState),
  page(sitePaths.updateContent, { titleKey: 'route.update_content' }, () => import('../features/marketing/pages/guide-pages').then((m) => ({ Component: m.UpdateContentPage })), noServerState),
  page(sitePaths.friendSpace, { titleKey: 'route.friend_space' }, () => import('../features/marketing/pages/guide-pages').then((m) => ({ Component: m.FriendSpacePage })), noServerState),
  page(sitePaths.userGroup, { titleKey: 'route.user_group' }, () => import('../features/marketing/pages/guide-pages').then((m) => ({ Component: m.UserGroupPage })), noServerState),
  page(sitePaths.ktvParty, { titleKey: 'route.ktv_party' }, () => import('../features/marketing/pages/guide-pages').then((m) => ({ Component: m.KtvPartyPage })), noServerState),
  page(sitePaths.music, { titleKey: 'route.music', requiresAuth: true, displayOnMobile: false }, () =>
    import('../features/music/pages/music-page').then((m) => ({ Component: m.MusicPage })),
  ),
  page(sitePaths.about, { titleKey: 'route.about' }, () => import('../features/marketing/pages/about-page').then((m) => ({ Component: m.AboutPage }))),
  page(sitePaths.upload, { titleKey: 'route.upload', requiresAuth: true, displayOnMobile: false }, () =>
    import('../features/creator/pages/upload-page').then((m) => ({ Component: m.UploadPage })),
  ),
  page(sitePaths.udesk, { titleKey: 'route.udesk' }, () => import('../features/marketing/pages/udesk-page').then((m) => ({ Component: m.UdeskPage }))),
  page(sitePaths.creatorPlatform, { titleKey: 'route.creator_platform', requiresAuth: true, mobileRedirect: `${sitePaths.creator}?tab=0` }, () =>
    import('../features/creator/pages/creator-platform-page').then((m) => ({ Component: m.CreatorPlatformPage })),
  ),
  page(sitePaths.tutorial, { titleKey: 'route.tutorial', mobileRedirect: `${sitePaths.creator}?tab=1` }, () => import('../features/marketing/pages/guide-pages').then((m) => ({ Component: m.TutorialPage })), noServerState),
  page(sitePaths.creator, { titleKey: 'route.creator' }, () => import('../features/marketing/pages/creator-page').then((m) => ({ Component: m.CreatorPage })), noServerState),
  page(sitePaths.exchange, { titleKey: 'route.exchange' }, () =>
    import('../features/exchange/pages/exchange-page').then((m) => ({ Component: m.ExchangePage })),
  ),
  page(recharge.newPage, { titleKey: 'route.recharge' }, () =>
    import('../features/recharge/pages/recharge-page').then((m) => ({ Component: m.RechargePage })),
  ),
  page(recharge.oldPage, { titleKey: 'route.old_recharge' }, () =>
    import('../features/recharge/pages/recharge-page').then((m) => ({ Component: m.LegacyRechargePage })),
  ),
  page(sitePaths.orders, { titleKey: 'route.orders', requiresAuth: true }, () =>
    import('../features/recharge/pages/orders-page').then((m) => ({ Component: m.OrdersPage })),
  ),
  page(sitePaths.receipt, { titleKey: 'route.receipt' }, () =>
    import('../features/recharge/pages/receipt-page').then((m) => ({ Component: m.ReceiptPage })),
  ),
  page(sitePaths.account, { titleKey: 'route.account', requiresAuth: true }, () =>
    import('../features/account-data/pages/account-page').then((m) => ({ Component: m.AccountPage })),
  ),
  page(sitePaths.parent, { titleKey: 'route.parent' }, () =>
    import('../features/parental/pages/parent-page').then((m) => ({ Component: m.ParentPage })),
  ),
  page('*', { titleKey: 'route.not_found' }, () =>
    import('./routes/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
    noServerState,
  ),
];

/** The page at `pathname` (paths match without regard to case or a trailing slash); the last route, `*`, is the not-found page. */
export function routeFor(pathname: string): PageRoute {
  return pageRoutes.find((route) => route.path !== '*' && matchPath(route.path, pathname)) ?? pageRoutes.at(-1)!;
}

/** The guard as every navigation runs it (spec section 2). */
const siteRouteGuard = createSiteRouteGuard();

/** A page ready to show: its route and its loaded component. */
export interface ShownPage {
  route: PageRoute;
  Page: ComponentType;
}

/**
 * What the site shows for `path`: the guard's redirect, or the page with its code loaded (both asked
 * for side by side). The first page's `prepare` (a legal document) is loaded too, so a prerendered
 * page's first render is the page as the server rendered it.
 */
async function preparePage(path: Path, initial: boolean): Promise<Prepared<ShownPage>> {
  const route = routeFor(path.pathname);
  const loading = route.load();
  const preparing = initial ? route.meta.prepare?.(translator.language).catch(() => undefined) : undefined;
  // A redirect goes ahead without waiting for the code of the page it leaves out.
  const redirect = await siteRouteGuard(new URL(createPath(path), window.location.origin), route.meta);
  if (redirect) return { redirect };
  // The first page is drawn with the texts it came with; any other needs its language's texts
  // (decision 0178).
  const [Page] = await Promise.all([loading, preparing, initial ? undefined : completeTexts()]);
  return { page: { route, Page } };
}

/** The browser's navigations. */
export function createSiteNavigation() {
  // The home slide index is 0 on entering home and empty elsewhere, set before the new page renders.
  let lastPath: string | undefined;
  const onShow = ({ pathname }: Location) => {
    if (pathname !== lastPath) resetHomeSlideForPath(pathname);
    lastPath = pathname;
  };
  return new SiteNavigation<ShownPage>({ prepare: preparePage, onShow });
}
