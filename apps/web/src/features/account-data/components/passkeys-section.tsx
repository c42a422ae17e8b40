import { AppError } from '@vsp/contract/app-error';
import { useTranslation, useLanguageCode } from '../../../shared/i18n/use-translation';
import { useErrorText } from '../../../shared/http/use-error-text';
import { DAY, dateTimeFormat } from '@vsp/contract/intl-formats';
import { useToast } from '../../../shared/ui/toast';
import { useAddPasskey } from '../api/add-passkey';
import { usePasskeys } from '../api/list-passkeys';
import { useRemovePasskey } from '../api/remove-passkey';

/**
 * The account page's passkeys (issue 30, decision 0156): add one on this device, see and remove
 * them. The password keeps working; a passkey is another way in.
 */
export function PasskeysSection({ viewer }: { viewer: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const lang = useLanguageCode();
  const toast = useToast();
  const list = usePasskeys(viewer);
  const add = useAddPasskey(viewer, {
    onSuccess: () => toast.show(t('passkeys.added'), 'success'),
    // The browser's own refusals (cancelled, no authenticator) are no server error: say what to do.
    onError: (error) => toast.show(error instanceof AppError ? errorText(error) : t('passkeys.failed'), 'error'),
  });
  const remove = useRemovePasskey(viewer, { onError: (error) => toast.show(errorText(error), 'error') });

  return (
    <section className="account-section" aria-labelledby="passkeys-title" data-testid="passkeys-section">
      <h2 id="passkeys-title">{t('passkeys.title')}</h2>
      <p className="account-muted">{t('passkeys.text')}</p>
      {list.data && list.data.length === 0 && <p>{t('passkeys.none')}</p>}
      {list.data && list.data.length > 0 && (
        <ul className="account-passkeys" data-testid="passkeys-list">
          {list.data.map((passkey) => {
            const date = dateTimeFormat(lang, DAY).format(new Date(passkey.createdAt));
            return (
              <li key={passkey.id}>
                <span>{t('passkeys.item', { date })}</span>
                <button type="button" className="button button--ghost" aria-label={t('passkeys.remove', { date })} disabled={remove.isPending} onClick={() => remove.mutate(passkey.id)}>
                  ✕
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <button type="button" className="button button--primary" onClick={() => add.mutate()} disabled={add.isPending} aria-busy={add.isPending} data-testid="add-passkey">
        {t('passkeys.add')}
      </button>
    </section>
  );
}
