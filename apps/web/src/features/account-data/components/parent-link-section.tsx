import { useTranslation, useLanguageCode } from '../../../shared/i18n/use-translation';
import { useErrorText } from '../../../shared/http/use-error-text';
import { DAY, dateTimeFormat } from '@vsp/contract/intl-formats';
import { useToast } from '../../../shared/ui/toast';
import { FieldError, useForm } from '../../../shared/form/use-form';
import { emailFault } from '@vsp/form/form-fields';
import { useParentLink } from '../api/get-parent-link';
import { useRequestParentLink } from '../api/request-parent-link';

/**
 * The player's part of parental controls on /account (issue 32): who manages the account (the
 * parent's address partly hidden) and since when, or the form that mails a parent the confirmation
 * link. Nothing here changes a limit: only the parent can, from the parent page.
 */
export function ParentLinkSection({ viewer }: { viewer: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const lang = useLanguageCode();
  const toast = useToast();
  const link = useParentLink(viewer);
  const send = useRequestParentLink(viewer, lang, {
    onSuccess: () => {
      form.reset({ parentEmail: '' });
      toast.show(t('parental.account.sent'), 'success');
    },
    onError: (error) => toast.show(errorText(error), 'error'),
  });
  const form = useForm({ initial: { parentEmail: '' }, busy: send.isPending, validate: ({ parentEmail }) => ({ parentEmail: emailFault(parentEmail, t) }) });

  const current = link.data?.link ?? null;
  // The address is read left to right inside any sentence (an Arabic one too): isolated.
  const maskedEmail = current ? `\u2068${current.maskedEmail}\u2069` : '';
  return (
    <section className="account-section" aria-labelledby="parental-title" data-testid="parental-section">
      <h2 id="parental-title">{t('parental.account.title')}</h2>
      {current?.state === 'active' ? (
        <p data-testid="parental-active">{t('parental.account.active', { email: maskedEmail, date: dateTimeFormat(lang, DAY).format(current.since ?? current.requestedAt) })}</p>
      ) : (
        <>
          <p className="account-muted">{t('parental.account.intro')}</p>
          {current?.state === 'pending' && (
            <p className="account-notice" role="status" data-testid="parental-pending">
              {t('parental.account.pending', { email: maskedEmail })}
            </p>
          )}
          {link.isError && <p className="account-error" role="alert">{errorText(link.error)}</p>}
          <form {...form.props} className="account-form" onSubmit={form.onSubmit(({ parentEmail }) => send.mutate(parentEmail.trim()))} aria-busy={send.isPending}>
            <label className="account-field">
              <span>{t('parental.account.email')}</span>
              <input
                type="email"
                {...form.field('parentEmail')}
                autoComplete="off"
                inputMode="email"
                dir="ltr"
                data-testid="parent-email"
              />
            </label>
            <FieldError form={form} field="parentEmail" className="account-field-error" />
            <button type="submit" className="button button--primary" disabled={send.isPending} aria-busy={send.isPending} data-testid="parent-send">
              {t('parental.account.send')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
