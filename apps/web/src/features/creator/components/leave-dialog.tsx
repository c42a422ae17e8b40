import { useTranslation } from '../../../shared/i18n/use-translation';
import type { LeaveGuard } from '../../../shared/navigation/site-router';
import { Dialog } from '../../../shared/ui/dialog';

/** Asks before an in-app navigation abandons an outfit that was not submitted yet. */
export function LeaveDialog({ guard }: { guard: LeaveGuard }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={guard.held}
      onClose={guard.stay}
      title={t('creator.leave.title')}
      description={t('creator.leave.text')}
      dismissible={false}
      testId="leave-dialog"
      actions={
        <>
          <button type="button" className="creator-button creator-button--ghost" autoFocus onClick={guard.stay}>
            {t('creator.leave.stay')}
          </button>
          <button type="button" className="creator-button creator-button--danger" onClick={guard.leave}>
            {t('creator.leave.leave')}
          </button>
        </>
      }
    />
  );
}
