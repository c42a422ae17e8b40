import { useTranslation } from '../../../shared/i18n/use-translation';
import type { Blocker } from 'react-router';
import { Dialog } from '../../../shared/ui/dialog';

/** Asks before an in-app navigation abandons an outfit that was not submitted yet. */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('creator.leave.title')}
      description={t('creator.leave.text')}
      dismissible={false}
      testId="leave-dialog"
      actions={
        <>
          <button type="button" className="creator-button creator-button--ghost" autoFocus onClick={() => blocker.reset?.()}>
            {t('creator.leave.stay')}
          </button>
          <button type="button" className="creator-button creator-button--danger" onClick={() => blocker.proceed?.()}>
            {t('creator.leave.leave')}
          </button>
        </>
      }
    />
  );
}
