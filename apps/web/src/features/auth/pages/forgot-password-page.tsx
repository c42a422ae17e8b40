import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<{ email: string; minutes: number }>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const rule = checkEmail(email);
    setError(rule ? t(accountRuleLabel({ field: 'email', rule })) : undefined);
    if (rule) return;
    setPending(true);
    try {
      const answer = await requestPasswordReset(email, lang);
      setSent({ email: email.trim(), minutes: answer.validMinutes });
    } catch (failure) {
      toast.show(errorText(failure), 'error');
    } finally {
      setPending(false);
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
