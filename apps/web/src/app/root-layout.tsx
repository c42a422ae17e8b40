import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { NavigationNotices } from './navigation-notices';
import type { RouteMeta } from './route-meta';
import './root-layout.css';

function useCurrentMeta(): RouteMeta | undefined {
  const matches = useMatches();
  return matches.at(-1)?.handle as RouteMeta | undefined;
}

/** Title per navigation, and every navigation starts at the top of the page (smooth scroll, about 500 ms). */
function useNavigationEffects(meta: RouteMeta | undefined) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    const siteName = t('site.name');
    document.title = meta ? `${t(meta.titleKey)} | ${siteName}` : siteName;
  }, [meta, t]);
  useEffect(() => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  }, [pathname]);
}

export function RootLayout() {
  const meta = useCurrentMeta();
  useNavigationEffects(meta);
  return (
    <div className="app-shell">
      <NavigationNotices />
      <main id="main" className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
