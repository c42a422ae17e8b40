import { useTranslation } from '../../../shared/i18n/use-translation';
import type { SubmissionState } from '../hooks/use-archive-submission';
import { formatPercent } from '../lib/format';

/** The compression and upload states of spec section 4 with their progress and a cancel action. */
export function SubmissionStatus({ state, onCancel }: { state: SubmissionState; onCancel(): void }) {
  const { t } = useTranslation();
  if (state.phase === 'idle') return null;
  const running = state.phase === 'start' || state.phase === 'compressing' || state.phase === 'uploading';
  return (
    <div className={`creator-status creator-status--${state.phase}`} data-testid="submission-status" data-phase={state.phase}>
      <p className="creator-status__label" role={state.phase === 'error' ? 'alert' : 'status'}>
        {state.phase === 'error' ? state.message : t(`creator.phase.${state.phase}`)}
        {state.file && (
          <>
            {' '}
            <code dir="ltr">{state.file}</code>
          </>
        )}
      </p>
      {running && (
        <div className="creator-status__progress">
          <progress max={100} value={state.progress} aria-label={t(`creator.phase.${state.phase}`)} />
          <span data-testid="submission-progress">{formatPercent(state.progress)}</span>
          <button type="button" className="creator-button creator-button--ghost" onClick={onCancel} disabled={state.phase === 'start'}>
            {t('common.cancel')}
          </button>
        </div>
      )}
    </div>
  );
}
