import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SiteRouter } from '../shared/navigation/site-router';
import { AppProviders } from './app-providers';
import { createSiteNavigation } from './router';
import { SitePage } from './site-page';
import { isLanguageCode } from '@vsp/contract/languages';
import { initI18n } from '../features/i18n/i18n';
import { redirectToRegionalSite } from '../features/region/redirect-to-regional-site';
import { installAnalytics } from '../shared/analytics/analytics';
import '../shared/session/session-store';

/** Starts the website: labels, the regional redirect, analytics, then React (hydrating a prerendered page). */
export async function start() {
  // The country lookup runs beside the label start-up and before the router exists.
  const container = document.getElementById('root')!;
  const pageLanguage = container.dataset.prerendered;
  performance.mark('vsp:app-start');
  const [, leaving] = await Promise.all([initI18n(isLanguageCode(pageLanguage) ? pageLanguage : undefined), redirectToRegionalSite()]);
  if (leaving) return;
  performance.mark('vsp:labels-ready');
  installAnalytics();
  const navigation = createSiteNavigation();
  const app = (
    <StrictMode>
      <AppProviders>
        <SiteRouter navigation={navigation} render={(shown) => <SitePage shown={shown} />} />
      </AppProviders>
    </StrictMode>
  );
  if (pageLanguage === undefined) {
    // Not prerendered: the loading bar until the first page is ready.
    createRoot(container).render(app);
    void navigation.start();
    return;
  }
  // A prerendered page's code and the guard's answer come before the first render, so that render
  // is the page itself and reuses the server's DOM; a guard that sends the visitor elsewhere renders
  // anew.
  const asPrerendered = await navigation.start();
  performance.mark('vsp:page-ready');
  // A prerendered page is hydrated: React adopts the server's nodes as they are. What differs from
  // the prerender (the visitor's session, the live configuration) is read through stores whose
  // server snapshot is the prerender's, and applied after hydration (decision 0120).
  // As a transition, hydration yields to the browser every few milliseconds (no long task), and a
  // click on a part not yet hydrated hydrates that part first.
  if (asPrerendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}
