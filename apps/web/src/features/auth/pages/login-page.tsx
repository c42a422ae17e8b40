import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { accountRuleLabel } from '@vsp/contract/account-rules';
import { sitePaths } from '@vsp/contract/site-paths';
import { clearSession, saveSession, useSession } from '../../../shared/session/session-store';
import { useToast } from '../../../shared/ui/toast';
import { AppError } from '@vsp/contract/app-error';
import { login } from '../api/login';
import { loginWithPasskey } from '../api/login-with-passkey';
import { AccountMenu } from '../components/account-menu';
import { AuthCard, SubmitButton } from '../components/auth-card';
import { PasswordField } from '../components/password-field';
import { TextField } from '../components/text-field';
import { useErrorText } from '../../../shared/http/use-error-text';
import { useForm } from '../../../shared/form/use-form';
import { safeRedirectPath } from '../login-redirect';
import { identifyUser, trackEvent } from '../../../shared/analytics/analytics';

/**
 * /login (spec section 2): a registered e-mail or user name and a password. Success stores the
 * session under the spec's keys, says "login successful" and returns to the `redirect` path;
 * failure shows the code's text and clears whatever session was stored (spec section 4).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const session = useSession();
  const target = safeRedirectPath(searchParams.get('redirect'));

  const signIn = useMutation({ mutationFn: (input: { account: string; password: string }) => login(input.account, input.password) });
  // After a successful login the form stays busy while the page moves on.
  const pending = signIn.isPending || signIn.isSuccess;
  const form = useForm({
    initial: { username: '', password: '' },
    busy: pending,
    validate: ({ username, password }) => ({ username: username.trim() ? undefined : t('auth.login.account_required'), password: password ? undefined : t(accountRuleLabel({ field: 'passWord', rule: 'required' })) }),
  });

  /** A session from either way in: stored under the spec's keys, then back to where the player was going. */
  function signedIn(user: Awaited<ReturnType<typeof login>>, source: 'login_page' | 'passkey') {
    saveSession(user.token, { uid: user.uid, nickname: user.nickname, userName: user.userName });
    identifyUser(user.uid);
    trackEvent({ category: 'account', name: 'login', source });
    toast.show(t('auth.login.success'), 'success');
    // Signing in within the grace period keeps an account whose deletion was asked for: say so.
    if (user.deletionCancelled) toast.show(t('account.pending.cancelled_by_sign_in'), 'info');
    void navigate(target, { replace: true });
  }

  const withPasskey = useMutation({
    mutationFn: loginWithPasskey,
    onSuccess: (user) => signedIn(user, 'passkey'),
    onError: (error) => {
      clearSession();
      // The browser's own refusals (cancelled, no passkey here) are no server error: say what to do.
      toast.show(error instanceof AppError ? errorText(error) : t('passkeys.failed'), 'error');
    },
  });

  const submit = form.onSubmit(async ({ username, password }) => {
    try {
      signedIn(await signIn.mutateAsync({ account: username, password }), 'login_page');
    } catch (error) {
      clearSession();
      toast.show(errorText(error), 'error');
    }
  });

  return (
    <AuthCard title={t('route.login')} backToLogin={false}>
      {session ? (
        <div className="auth-signed-in" data-testid="login-signed-in">
          <p className="auth-notice">{t('auth.login.signed_in_as', { nickname: session.userInfo?.nickname ?? session.uid })}</p>
          <Link className="auth-submit auth-submit--link" to={target}>
            {t('auth.login.continue')}
          </Link>
          <AccountMenu />
        </div>
      ) : (
        <>
          <p className="auth-card__intro">{t('auth.login.intro')}</p>
          <form {...form.props} className="auth-form" onSubmit={submit} aria-busy={pending} data-testid="login-form">
            <TextField
              label={t('auth.login.account_label')}
              placeholder={t('auth.login.account_placeholder')}
              {...form.field('username')}
              autoComplete="username"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              disabled={pending}
              error={form.errors.username}
            />
            <PasswordField
              label={t('auth.login.password_label')}
              placeholder={t('auth.login.password_placeholder')}
              {...form.field('password')}
              autoComplete="current-password"
              disabled={pending}
              error={form.errors.password}
            />
            <SubmitButton pending={pending} label={t('auth.login.submit')} pendingLabel={t('auth.login.submitting')} />
          </form>
          <p className="auth-or">{t('passkeys.or')}</p>
          <button
            type="button"
            className="auth-submit auth-submit--secondary"
            onClick={() => withPasskey.mutate()}
            disabled={pending || withPasskey.isPending || withPasskey.isSuccess}
            aria-busy={withPasskey.isPending}
            data-testid="passkey-sign-in"
          >
            {t('passkeys.sign_in')}
          </button>
          <div className="auth-links">
            <Link to={sitePaths.forgotPassword}>{t('auth.login.forgot')}</Link>
          </div>
        </>
      )}
    </AuthCard>
  );
}
