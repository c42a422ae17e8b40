import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountRuleLabel, checkEmail } from '@vsp/contract/account-rules';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useErrorText, useLanguageCode } from '../../../shared/http/use-error-text';
import { intlLocale } from '../../../shared/locale/intl-locale';
import { useToast } from '../../../shared/ui/toast';
import { fetchParentLink, parentKeys, requestParentLink } from '../api/account-data-api';

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
  const queryClient = useQueryClient();
  const link = useQuery({ queryKey: parentKeys.link(viewer), queryFn: fetchParentLink, enabled: viewer !== '' });
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const send = useMutation({
    mutationFn: (address: string) => requestParentLink(address, lang),
    onSuccess: (status) => {
      queryClient.setQueryData(parentKeys.link(viewer), status);
      setEmail('');
      toast.show(t('parental.account.sent'), 'success');
    },
    onError: (error) => toast.show(errorText(error), 'error'),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    const rule = checkEmail(email);
    setFieldError(rule ? t(accountRuleLabel({ field: 'email', rule })) : undefined);
    if (!rule) send.mutate(email.trim());
  }

  const current = link.data?.link ?? null;
  // The address is read left to right inside any sentence (an Arabic one too): isolated.
  const maskedEmail = current ? `\u2068${current.maskedEmail}\u2069` : '';
  const dateFormat = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'long' });
  return (
    <section className="account-section" aria-labelledby="parental-title" data-testid="parental-section">
      <h2 id="parental-title">{t('parental.account.title')}</h2>
      {current?.state === 'active' ? (
        <p data-testid="parental-active">{t('parental.account.active', { email: maskedEmail, date: dateFormat.format(current.since ?? current.requestedAt) })}</p>
      ) : (
        <>
          <p className="account-muted">{t('parental.account.intro')}</p>
          {current?.state === 'pending' && (
            <p className="account-notice" role="status" data-testid="parental-pending">
              {t('parental.account.pending', { email: maskedEmail })}
            </p>
          )}
          {link.isError && <p className="account-error" role="alert">{errorText(link.error)}</p>}
          <form className="account-form" noValidate onSubmit={submit} aria-busy={send.isPending}>
            <label className="account-field">
              <span>{t('parental.account.email')}</span>
              <input
                type="email"
                name="parentEmail"
                autoComplete="off"
                inputMode="email"
                dir="ltr"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={fieldError ? true : undefined}
                data-testid="parent-email"
              />
            </label>
            {fieldError && (
              <p className="account-field-error" role="alert">
                {fieldError}
              </p>
            )}
            <button type="submit" className="button button--primary" disabled={send.isPending} aria-busy={send.isPending} data-testid="parent-send">
              {t('parental.account.send')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
