import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Link } from 'react-router';
import { sitePaths } from '@vsp/contract/site-paths';
import './auth-form.css';

/** The frame of the account pages: a centred card with its heading, and a way back to the login. */
export function AuthCard({ title, children, backToLogin = true }: { title: string; children: ReactNode; backToLogin?: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="auth-page">
      <div className="auth-card">
        <h1>{title}</h1>
        {children}
        {backToLogin ? (
          <div className="auth-links">
            <Link to={sitePaths.login}>{t('auth.forgot.back_to_login')}</Link>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** The form's submit button: disabled, with its own text, while the request is on its way. */
export function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <button className="auth-submit" type="submit" disabled={pending} aria-busy={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}
