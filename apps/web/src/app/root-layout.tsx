import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../shared/i18n/use-translation';
import { replayEarlyInput } from '../shared/early-input/replay-early-input';
import { useLocation } from 'react-router';
import { usePendingNavigation } from '../shared/navigation/site-router';
import { useDownloadLanding } from '../features/download/hooks/use-download-landing';
import { adoptVisitorLanguage, completeTexts } from '../features/i18n/i18n';
import { identifyUser, setAnalyticsLanguage, trackPageView } from '../shared/analytics/analytics';
import { scrollToTop } from '../shared/dom/scroll-to-top';
import { setPageTitle } from '../shared/native-bridge/native-bridge';
import { useSession } from '../shared/session/session-store';
import { NavigationNotices } from './navigation-notices';
import type { RouteMeta } from './route-meta';
import { AppFooter, AppHeader } from './shell/app-shell';
import { ShellLoading } from './shell/shell-loading';
import './root-layout.css';

/** A page's own meta label when the catalogue has one (`meta.description.about`), else the site's. */
export function metaKey(meta: RouteMeta | undefined, kind: 'description' | 'keywords', exists: (key: string) => boolean): string {
  const own = meta ? `meta.${kind}.${meta.titleKey.replace(/^route\./, '')}` : '';
  return own && exists(own) ? own : `site.${kind}`;
}

/** "<page> | <site name>", or the site name alone. */
export function pageTitle(meta: RouteMeta | undefined, t: (key: string) => string): string {
  return meta ? `${t(meta.titleKey)} | ${t('site.name')}` : t('site.name');
}

function setMetaTag(name: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/**
 * Per navigation (spec section 2, route guard): the title (also in the app's bar), description and
 * keywords meta tags from labels, a page view with title and path, and a 500 ms scroll to the top.
 */
function useNavigationEffects(meta: RouteMeta | undefined, pending: boolean) {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const navigationStarted = useRef<number | undefined>(undefined);
  const title = pageTitle(meta, t);

  useEffect(() => {
    if (pending && navigationStarted.current === undefined) navigationStarted.current = performance.now();
  }, [pending]);

  useEffect(() => {
    setPageTitle(title);
    setMetaTag('description', t(metaKey(meta, 'description', (key) => i18n.exists(key))));
    setMetaTag('keywords', t(metaKey(meta, 'keywords', (key) => i18n.exists(key))));
    setAnalyticsLanguage(i18n.language);
  }, [title, meta, t, i18n]);

  // One page view per location; the title is read when the page renders, not on a language switch.
  const titleRef = useRef(title);
  useEffect(() => {
    titleRef.current = title;
  });
  useEffect(() => {
    const started = navigationStarted.current;
    navigationStarted.current = undefined;
    const durationMs = Math.round(started === undefined ? performance.now() : performance.now() - started);
    trackPageView({ path: `${pathname}${search}`, title: titleRef.current, referrer: document.referrer.slice(0, 512), durationMs: Math.min(durationMs, 600_000) });
  }, [pathname, search]);

  useEffect(() => {
    scrollToTop();
  }, [pathname]);
}

/** The shell around every page (`children`), which declares `meta`. */
export function RootLayout({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const pending = usePendingNavigation();
  const session = useSession();
  useNavigationEffects(meta, pending);
  useDownloadLanding(search);
  useEffect(() => identifyUser(session?.uid), [session?.uid]);
  // The app has taken over the page (a prerendered page is interactive from here); the layout's
  // effects run after the page's own, so everything on the page is wired up by now.
  // What the visitor typed or pressed before then is given to the page now (decision 0139), once the
  // renders that follow hydration (stores reading the browser) have run, and in the visitor's own
  // language (a press may depend on it: the iOS notice of some languages; decision 0172).
  useEffect(() => {
    let replay: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    void adoptVisitorLanguage().then(() => {
      if (!live) return;
      replay = setTimeout(() => {
        replayEarlyInput();
        document.documentElement.dataset.appReady = '';
        performance.mark('vsp:app-ready');
        // A page that came with only its own texts gets the rest now (decision 0178).
        void completeTexts();
      }, 0);
    });
    return () => {
      live = false;
      clearTimeout(replay);
    };
  }, []);

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('shell.skip_to_content')}
      </a>
      {pending ? <ShellLoading /> : null}
      <NavigationNotices />
      <AppHeader />
      <main id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
      <AppFooter />
    </div>
  );
}
