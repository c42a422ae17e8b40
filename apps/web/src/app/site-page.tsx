import { useLocation } from 'react-router';
import type { ShownPage } from './router';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './routes/route-error-page';
import { ShellLoading } from './shell/shell-loading';

/**
 * The page shown, in the layout around every page, in the browser and in the prerender alike. A
 * page that throws while rendering shows the error page inside the layout (until the next page);
 * before the first page is ready, the loading bar alone.
 */
export function SitePage({ shown }: { shown: ShownPage | null }) {
  const { pathname } = useLocation();
  if (!shown) return <ShellLoading />;
  const { route, Page } = shown;
  return (
    <RouteErrorBoundary>
      <RootLayout meta={route.meta}>
        <RouteErrorBoundary key={pathname}>
          <Page />
        </RouteErrorBoundary>
      </RootLayout>
    </RouteErrorBoundary>
  );
}
