import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { accountRuleLabel, checkEmail } from '@vsp/contract/account-rules';
import { useToast } from '../../../shared/ui/toast';
import { requestPasswordReset } from '../api/auth-api';
import { AuthCard, SubmitButton } from '../components/auth-card';
import { TextField } from '../components/text-field';
import { useErrorText, useLanguageCode } from '../../../shared/http/use-error-text';

/** /forgot-password: asks for the account's e-mail and sends the reset link there. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const lang = useLanguageCode();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const request = useMutation({ mutationFn: (input: { email: string; lang: string }) => requestPasswordReset(input.email, input.lang) });
  const pending = request.isPending;
  const sent = request.isSuccess ? { email: request.variables.email.trim(), minutes: request.data.validMinutes } : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const rule = checkEmail(email);
    setError(rule ? t(accountRuleLabel({ field: 'email', rule })) : undefined);
    if (rule) return;
    try {
      await request.mutateAsync({ email, lang });
    } catch (failure) {
      toast.show(errorText(failure), 'error');
    }
  }

  return (
    <AuthCard title={t('route.forgot_password')}>
      {sent ? (
        <p className="auth-notice" role="status" data-testid="reset-sent">
          {t('auth.forgot.sent', { email: sent.email, minutes: sent.minutes })}
        </p>
      ) : (
        <>
          <p className="auth-card__intro">{t('auth.forgot.intro')}</p>
          <form className="auth-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={pending}>
            <TextField
              label={t('auth.forgot.email_label')}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              disabled={pending}
              error={error}
              onChange={(event) => setEmail(event.target.value)}
            />
            <SubmitButton pending={pending} label={t('auth.forgot.submit')} pendingLabel={t('auth.forgot.submitting')} />
          </form>
        </>
      )}
    </AuthCard>
  );
}
