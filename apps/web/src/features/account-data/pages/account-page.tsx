import { useState } from 'react';
import { Link } from 'react-router';
import { sitePaths } from '@vsp/contract/site-paths';
import { useMutation } from '@tanstack/react-query';
import { useTranslation, useLanguageCode } from '../../../shared/i18n/use-translation';
import { useErrorText } from '../../../shared/http/use-error-text';
import { DAY, dateTimeFormat } from '@vsp/contract/intl-formats';
import { useSession } from '../../../shared/session/session-store';
import { Dialog } from '../../../shared/ui/dialog';
import { useToast } from '../../../shared/ui/toast';
import { useCancelDeletion } from '../api/cancel-deletion';
import { getDataExport } from '../api/get-data-export';
import { useDeletionStatus } from '../api/get-deletion-status';
import { useRequestDeletion } from '../api/request-deletion';
import { ParentLinkSection } from '../components/parent-link-section';
import { PasskeysSection } from '../components/passkeys-section';
import { saveArchive } from '../components/save-archive';
import '../../../shared/ui/button.css';
import '../components/account-page.css';

/**
 * The signed-in player's account page (issue 20, decision 0134): download everything the platform
 * holds about them as one archive, and delete the account after a 30-day grace period that signing
 * in cancels. The route requires login.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const lang = useLanguageCode();
  const toast = useToast();
  const session = useSession();
  const viewer = session?.uid ?? '';
  const deletion = useDeletionStatus(viewer);
  const [confirming, setConfirming] = useState(false);

  const exporter = useMutation({
    mutationFn: getDataExport,
    onSuccess: (archive) => saveArchive(archive.archive, archive.fileName, archive.contentType),
  });
  const request = useRequestDeletion(viewer, lang, { onSuccess: () => setConfirming(false) });
  const keep = useCancelDeletion(viewer, { onSuccess: () => toast.show(t('account.pending.kept'), 'success') });

  const pending = deletion.data?.pending ?? null;

  let deletionBody;
  if (deletion.isError && !deletion.isFetching) {
    deletionBody = (
      <div className="account-error" role="alert" data-testid="account-error">
        <p>{t('account.load_failed')}</p>
        <p className="account-muted">{errorText(deletion.error)}</p>
        <button type="button" className="button button--ghost" onClick={() => void deletion.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (!deletion.data) {
    deletionBody = (
      <p className="account-status" role="status" data-testid="account-loading">
        <span className="account-spinner" aria-hidden="true" /> {t('account.loading')}
      </p>
    );
  } else if (pending) {
    deletionBody = (
      <section className="account-notice" role="status" aria-labelledby="deletion-pending-title" data-testid="deletion-pending" data-due-at={pending.dueAt}>
        <h2 id="deletion-pending-title">{t('account.pending.title', { date: dateTimeFormat(lang, DAY).format(pending.dueAt) })}</h2>
        <p>{t('account.pending.text')}</p>
        <button type="button" className="button button--primary" onClick={() => keep.mutate()} disabled={keep.isPending} aria-busy={keep.isPending} data-testid="keep-account">
          {t('account.pending.keep')}
        </button>
        {keep.isError && (
          <p className="account-error" role="alert">
            {t('account.delete.failed')} {errorText(keep.error)}
          </p>
        )}
      </section>
    );
  } else {
    deletionBody = (
      <section className="account-section account-section--danger" aria-labelledby="delete-title" data-testid="delete-section">
        <h2 id="delete-title">{t('account.delete.title')}</h2>
        <p className="account-muted">{t('account.delete.text')}</p>
        <button
          type="button"
          className="button button--danger"
          onClick={() => {
            request.reset();
            setConfirming(true);
          }}
          data-testid="delete-account"
        >
          {t('account.delete.title')}
        </button>
      </section>
    );
  }

  return (
    <section className="page account-page" data-testid="account-page">
      <h1>{t('route.account')}</h1>
      <p className="account-muted">{t('account.id_line', { uid: viewer })}</p>
      <p>
        <Link to={sitePaths.orders} className="account-orders-link" data-testid="account-orders-link">
          {t('orders.link')}
        </Link>
      </p>

      <PasskeysSection viewer={viewer} />

      <section className="account-section" aria-labelledby="export-title" data-testid="export-section">
        <h2 id="export-title">{t('account.export.title')}</h2>
        <p className="account-muted">{t('account.export.text')}</p>
        <button type="button" className="button button--primary" onClick={() => exporter.mutate()} disabled={exporter.isPending} aria-busy={exporter.isPending} data-testid="export-data">
          {exporter.isPending ? (
            <>
              <span className="account-spinner" aria-hidden="true" /> {t('account.export.preparing')}
            </>
          ) : (
            t('account.export.title')
          )}
        </button>
        <p role="status" aria-live="polite" className="account-muted" data-testid="export-status">
          {exporter.isSuccess ? t('account.export.done', { fileName: exporter.data.fileName }) : ''}
        </p>
        {exporter.isError && (
          <div className="account-error" role="alert" data-testid="export-error">
            <p>{t('account.export.failed')}</p>
            <p className="account-muted">{errorText(exporter.error)}</p>
          </div>
        )}
      </section>

      <ParentLinkSection viewer={viewer} />

      {deletionBody}

      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('account.delete.confirm_title')}
        description={t('account.delete.confirm_text')}
        testId="delete-dialog"
        actions={
          <>
            <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </button>
            <button type="button" className="button button--danger" onClick={() => request.mutate()} disabled={request.isPending} aria-busy={request.isPending} data-testid="confirm-delete">
              {t('account.delete.confirm')}
            </button>
          </>
        }
      >
        {request.isError && (
          <p className="account-error" role="alert">
            {t('account.delete.failed')} {errorText(request.error)}
          </p>
        )}
      </Dialog>
    </section>
  );
}
