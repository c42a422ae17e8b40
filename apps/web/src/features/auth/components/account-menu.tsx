import { useTranslation } from '../../../shared/i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { sitePaths } from '@vsp/contract/site-paths';
import { useSession } from '../../../shared/session/session-store';
import { useLogout } from '../hooks/use-logout';
import { loginUrlFor } from '../login-redirect';
import './account-menu.css';

/**
 * The header's account entry: the nickname (a link to the account page) and a Log out action for a logged-in visitor, a Log in
 * link (returning to the current page) otherwise.
 */
export function AccountMenu({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const { logout, pending } = useLogout();

  if (!session) {
    return (
      <Link className={`account-menu account-menu__login ${className}`} to={loginUrlFor(`${location.pathname}${location.search}${location.hash}`)} data-testid="account-login">
        {t('auth.menu.login')}
      </Link>
    );
  }
  return (
    <div className={`account-menu ${className}`} role="group" aria-label={t('auth.menu.label')} data-testid="account-menu">
      <Link className="account-menu__name" dir="auto" to={sitePaths.account} aria-label={`${session.userInfo?.nickname ?? session.uid}: ${t('route.account')}`} data-testid="account-nickname">
        {session.userInfo?.nickname ?? session.uid}
      </Link>
      <button type="button" className="account-menu__logout" onClick={logout} disabled={pending} aria-busy={pending}>
        {pending ? t('auth.menu.logging_out') : t('auth.menu.logout')}
      </button>
    </div>
  );
}
