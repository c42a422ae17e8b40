import { createBrowserRouter, type RouteObject } from 'react-router';
import { rechargePaths, sitePaths } from '@vsp/contract/site-paths';
import { buildVariant } from '../shared/config/public-config';
import type { RouteMeta } from './route-meta';
import { RootLayout } from './root-layout';

/** A page module loaded on first visit; pages owned by later work render a titled placeholder. */
const placeholder = () => import('./routes/placeholder-page').then((m) => ({ Component: m.PlaceholderPage }));

function page(path: string, meta: RouteMeta, lazy = placeholder): RouteObject {
  return { path, handle: meta, lazy };
}

const recharge = rechargePaths(buildVariant);

export const pageRoutes: RouteObject[] = [
  page(sitePaths.home, { titleKey: 'route.home' }),
  page(sitePaths.login, { titleKey: 'route.login' }),
  page(sitePaths.privacy, { titleKey: 'route.priv' }),
  page(sitePaths.childPrivacy, { titleKey: 'route.child_priv' }),
  page(sitePaths.terms, { titleKey: 'route.userve' }),
  page(sitePaths.quickGuide, { titleKey: 'route.quick_guide' }),
  page(sitePaths.quickStartGuide, { titleKey: 'route.quick_start_guide' }),
  page(sitePaths.roomRewards, { titleKey: 'route.room_rewards' }),
  page(sitePaths.updateContent, { titleKey: 'route.update_content' }),
  page(sitePaths.friendSpace, { titleKey: 'route.friend_space' }),
  page(sitePaths.userGroup, { titleKey: 'route.user_group' }),
  page(sitePaths.ktvParty, { titleKey: 'route.ktv_party' }),
  page(sitePaths.music, { titleKey: 'route.music', requiresAuth: true, displayOnMobile: false }),
  page(sitePaths.about, { titleKey: 'route.about' }),
  page(sitePaths.upload, { titleKey: 'route.upload', requiresAuth: true, displayOnMobile: false }, () =>
    import('../features/creator/pages/upload-page').then((m) => ({ Component: m.UploadPage })),
  ),
  page(sitePaths.udesk, { titleKey: 'route.udesk' }),
  page(sitePaths.creatorPlatform, { titleKey: 'route.creator_platform', requiresAuth: true }, () =>
    import('../features/creator/pages/creator-platform-page').then((m) => ({ Component: m.CreatorPlatformPage })),
  ),
  page(sitePaths.tutorial, { titleKey: 'route.tutorial' }),
  page(sitePaths.creator, { titleKey: 'route.creator' }),
  page(sitePaths.exchange, { titleKey: 'route.exchange' }),
  page(recharge.newPage, { titleKey: 'route.recharge' }),
  page(recharge.oldPage, { titleKey: 'route.old_recharge' }),
  page('*', { titleKey: 'route.not_found' }, () =>
    import('./routes/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
  ),
];

export function createAppRouter() {
  return createBrowserRouter([{ Component: RootLayout, children: pageRoutes }]);
}
