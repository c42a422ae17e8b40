import { useMutation } from '@tanstack/react-query';
import { useTranslation, useLanguageCode } from '../../../shared/i18n/use-translation';
import { useToast } from '../../../shared/ui/toast';
import { requestPasswordReset } from '../api/request-password-reset';
import { AuthCard, SubmitButton } from '../components/auth-card';
import { TextField } from '../components/text-field';
import { useErrorText } from '../../../shared/http/use-error-text';
import { useForm } from '../../../shared/form/use-form';
import { emailFault } from '@vsp/form/form-fields';

/** /forgot-password: asks for the account's e-mail and sends the reset link there. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const lang = useLanguageCode();
  const request = useMutation({ mutationFn: (input: { email: string; lang: string }) => requestPasswordReset(input.email, input.lang) });
  const pending = request.isPending;
  const sent = request.isSuccess ? { email: request.variables.email.trim(), minutes: request.data.validMinutes } : undefined;
  const form = useForm({ initial: { email: '' }, busy: pending, validate: ({ email }) => ({ email: emailFault(email, t) }) });
  const submit = form.onSubmit(({ email }) => request.mutate({ email, lang }, { onError: (failure) => toast.show(errorText(failure), 'error') }));

  return (
    <AuthCard title={t('route.forgot_password')}>
      {sent ? (
        <p className="auth-notice" role="status" data-testid="reset-sent">
          {t('auth.forgot.sent', { email: sent.email, minutes: sent.minutes })}
        </p>
      ) : (
        <>
          <p className="auth-card__intro">{t('auth.forgot.intro')}</p>
          <form {...form.props} className="auth-form" onSubmit={submit} aria-busy={pending}>
            <TextField
              label={t('auth.forgot.email_label')}
              {...form.field('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              disabled={pending}
              error={form.errors.email}
            />
            <SubmitButton pending={pending} label={t('auth.forgot.submit')} pendingLabel={t('auth.forgot.submitting')} />
          </form>
        </>
      )}
    </AuthCard>
  );
}
