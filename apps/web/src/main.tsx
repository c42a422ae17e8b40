import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router';
import { initI18n } from './features/i18n/i18n';
import { redirectToRegionalSite } from './features/region/redirect-to-regional-site';
import { installAnalytics } from './shared/analytics/analytics';
import './shared/session/session-store';
import { ToastProvider } from './shared/ui/toast';

async function start() {
  // The country lookup runs beside the label start-up and before the router exists.
  const [, leaving] = await Promise.all([initI18n(), redirectToRegionalSite()]);
  if (leaving) return;
  installAnalytics();
  const router = createAppRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </StrictMode>,
  );
}

void start();
