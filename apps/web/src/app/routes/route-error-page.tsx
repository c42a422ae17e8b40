import { useEffect } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useRouteError } from 'react-router';
import { errorReportOf, reportError } from '../../shared/analytics/analytics';
import { PageChunkError } from '../page-chunk';
import '../../shared/ui/button.css';

/**
 * What a route shows when its page could not be loaded (a page chunk failed or took over 120 s)
 * or crashed while rendering: a message and a retry that reloads the page (a new deployment may
 * have replaced the chunk). The error is reported once per session.
 */
export function RouteErrorPage({ error: given }: { error?: unknown }) {
  const { t } = useTranslation();
  const routeError = useRouteError();
  const error = given ?? routeError;
  const chunk = error instanceof PageChunkError;

  useEffect(() => {
    const report = errorReportOf(chunk ? 'chunk' : 'render', chunk ? (error.cause ?? error) : error);
    reportError(chunk ? { ...report, message: `${error.reason}: ${report.message}` } : report);
  }, [chunk, error]);

  return (
    <section className="page route-error" data-testid="route-error" role="alert">
      <h1>{t(chunk ? 'page_error.chunk_title' : 'page_error.title')}</h1>
      <p>{t('page_error.body')}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </button>
    </section>
  );
}
