import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router';
import { useModalDialog } from '../../../shared/ui/use-modal-dialog';

/** Asks before an in-app navigation abandons an outfit that was not submitted yet. */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation();
  const dialog = useModalDialog(blocker.state === 'blocked');

  return (
    <dialog
      ref={dialog}
      className="creator-dialog"
      aria-labelledby="creator-leave-title"
      aria-describedby="creator-leave-text"
      data-testid="leave-dialog"
      onCancel={(event) => {
        event.preventDefault();
        blocker.reset?.();
      }}
    >
      <h2 id="creator-leave-title">{t('creator.leave.title')}</h2>
      <p id="creator-leave-text">{t('creator.leave.text')}</p>
      <div className="creator-dialog__actions">
        <button type="button" className="creator-button creator-button--ghost" autoFocus onClick={() => blocker.reset?.()}>
          {t('creator.leave.stay')}
        </button>
        <button type="button" className="creator-button creator-button--danger" onClick={() => blocker.proceed?.()}>
          {t('creator.leave.leave')}
        </button>
      </div>
    </dialog>
  );
}
