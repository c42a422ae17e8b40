import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { accountRuleLabel, checkPassword, type AccountRule } from '@vsp/contract/account-rules';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import { sitePaths } from '@vsp/contract/site-paths';
import { useToast } from '../../../shared/ui/toast';
import { usePasswordResetLink } from '../api/check-password-reset';
import { resetPassword } from '../api/reset-password';
import { AuthCard, SubmitButton } from '../components/auth-card';
import { PasswordField } from '../components/password-field';
import { codeMessage } from '../../../shared/http/error-message';
import { useErrorText } from '../../../shared/http/use-error-text';
import { useForm } from '../../../shared/form/use-form';

/** Codes that mean the e-mailed link no longer works: the page offers a new one instead of the form. */
const DEAD_LINK_CODES = new Set<number>([Errors.PasswordResetRequestNotFound, Errors.PasswordResetLinkExpired, Errors.PasswordResetLinkUsed]);

type LinkState = { kind: 'checking' } | { kind: 'ready' } | { kind: 'dead'; message: string };

/** /reset-password?token=...: the page the reset e-mail links to; sets a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';

  const linkCheck = usePasswordResetLink(token);
  /** The reset itself found the link dead (used or expired since the check). */
  const [refusal, setRefusal] = useState<string | null>(null);
  let link: LinkState;
  if (!token) link = { kind: 'dead', message: codeMessage(Errors.PasswordResetRequestNotFound, t) ?? 'Error' };
  else if (refusal !== null) link = { kind: 'dead', message: refusal };
  else if (linkCheck.isError) link = { kind: 'dead', message: errorText(linkCheck.error) };
  else link = linkCheck.isSuccess ? { kind: 'ready' } : { kind: 'checking' };

  const reset = useMutation({ mutationFn: (passWord: string) => resetPassword(token, passWord) });
  // After a successful reset the form stays busy while the page moves on to the login.
  const pending = reset.isPending || reset.isSuccess;
  const form = useForm({
    initial: { 'new-password': '', 'repeat-password': '' },
    busy: pending,
    validate: (values) => {
      const rule = checkPassword(values['new-password']);
      return rule ? { 'new-password': t(accountRuleLabel({ field: 'passWord', rule })) } : { 'repeat-password': values['repeat-password'] === values['new-password'] ? undefined : t('auth.reset.mismatch') };
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await reset.mutateAsync(values['new-password']);
      toast.show(t('auth.reset.success'), 'success');
      void navigate(sitePaths.login, { replace: true });
    } catch (error) {
      if (form.failWith(error, (issue) => (issue.field === 'passWord' ? { 'new-password': t(accountRuleLabel({ field: 'passWord', rule: issue.rule as AccountRule })) } : undefined))) return;
      if (error instanceof AppError && DEAD_LINK_CODES.has(error.code)) setRefusal(errorText(error));
      else toast.show(errorText(error), 'error');
    }
  });

  return (
    <AuthCard title={t('route.reset_password')}>
      {link.kind === 'checking' ? (
        <p className="auth-notice" role="status">
          {t('auth.reset.checking')}
        </p>
      ) : link.kind === 'dead' ? (
        <>
          <p className="auth-notice auth-notice--error" role="alert" data-testid="reset-dead-link">
            {link.message}
          </p>
          <Link className="auth-submit auth-submit--link" to={sitePaths.forgotPassword}>
            {t('auth.reset.request_new')}
          </Link>
        </>
      ) : (
        <>
          <p className="auth-card__intro">{t('auth.reset.intro')}</p>
          <form {...form.props} className="auth-form" onSubmit={submit} aria-busy={pending}>
            <PasswordField
              label={t('auth.reset.password_label')}
              {...form.field('new-password')}
              autoComplete="new-password"
              hint={t('auth.reset.hint')}
              disabled={pending}
              error={form.errors['new-password']}
            />
            <PasswordField
              label={t('auth.reset.confirm_label')}
              {...form.field('repeat-password')}
              autoComplete="new-password"
              disabled={pending}
              error={form.errors['repeat-password']}
            />
            <SubmitButton pending={pending} label={t('auth.reset.submit')} pendingLabel={t('auth.reset.submitting')} />
          </form>
        </>
      )}
    </AuthCard>
  );
}
