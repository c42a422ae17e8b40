import { Component, useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { errorReportOf, reportError } from '../../shared/analytics/analytics';
import { PageChunkError } from '../page-chunk';
import '../../shared/ui/button.css';

/**
 * What a route shows when its page could not be loaded (a page chunk failed or took over 120 s)
 * or crashed while rendering: a message and a retry that reloads the page (a new deployment may
 * have replaced the chunk). The error is reported once per session.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
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

/** Shows the error page in place of what it wraps when that throws while rendering. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean; error: unknown }> {
  override state = { failed: false, error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}
