import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, matchRoutes, type HydrationState, type LoaderFunctionArgs } from 'react-router';
import { AppProviders } from './app-providers';
import { ROOT_ROUTE_ID, createAppRouter, pageRoutes, siteRouteGuard } from './router';
import type { RouteMeta } from './route-meta';
import { isLanguageCode } from '@vsp/contract/languages';
import { initI18n } from '../features/i18n/i18n';
import { translator } from '../shared/i18n/translator';
import { redirectToRegionalSite } from '../features/region/redirect-to-regional-site';
import { installAnalytics } from '../shared/analytics/analytics';
import '../shared/session/session-store';

/**
 * For a page the server sent prerendered (`data-prerendered` on the root), the page's code and the
 * guard's answer are fetched before the first render, so that render is the page itself and reuses
 * the server's DOM. `undefined` when the page is not prerendered or the guard sends the visitor
 * elsewhere (the router then starts as usual).
 */
async function takeOver(root: HTMLElement): Promise<HydrationState | undefined> {
  if (root.dataset.prerendered === undefined) return undefined;
  const matches = matchRoutes(pageRoutes, window.location) ?? [];
  const request = new Request(window.location.href);
  let guard: unknown;
  try {
    guard = await siteRouteGuard({ request, params: {}, context: undefined } as LoaderFunctionArgs);
  } catch {
    return undefined; // a redirect, or a check that failed: the router's own start handles it
  }
  await Promise.all(
    matches.map(async ({ route }) => {
      const meta = route.handle as RouteMeta | undefined;
      await meta?.prepare?.(translator.language);
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
  return { loaderData: { [ROOT_ROUTE_ID]: guard ?? null } };
}

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
  const hydrationData = await takeOver(container);
  performance.mark('vsp:page-ready');
  const router = createAppRouter(hydrationData);
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // A prerendered page is hydrated: React adopts the server's nodes as they are. What differs from
  // the prerender (the visitor's session, the live configuration) is read through stores whose
  // server snapshot is the prerender's, and applied after hydration (decision 0120).
  // As a transition, hydration yields to the browser every few milliseconds (no long task), and a
  // click on a part not yet hydrated hydrates that part first.
  if (hydrationData) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}
