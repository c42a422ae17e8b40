import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NavLink, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import type { OperatorMe } from '@vsp/contract/endpoints/operators';
import { loadSession, saveSession, setSessionLostHandler, setStepUpHandler, type OperatorSession } from './api/api';
import { mutations } from './api/mutations';
import { queries, refreshShown } from './api/queries';
import { AcceptInvitationPage } from './pages/accept-invitation-page';
import { AccountDeletionsPage } from './pages/account-deletions-page';
import { AuditPage } from './pages/audit-page';
import { AnalyticsPage } from './pages/analytics-page';
import { CampaignsPage } from './pages/campaigns-page';
import { LabelsPage } from './pages/labels-page';
import { LoginPage } from './pages/login-page';
import { LoadState } from './pages/status';
import { OperatorsPage } from './pages/operators-page';
import { OrdersPage } from './pages/orders-page';
import { ReviewPage } from './pages/review-page';
import { SecondFactorPage, VerifyForm } from './pages/second-factor-page';
import { SettingsPage } from './pages/settings-page';
import { UsersPage } from './pages/users-page';
import { TEXTS } from './texts';
import { ACCOUNT_DATA_TEXTS } from './texts-account-data';
import { OPERATIONS_TEXTS } from './texts-operations';
import { OPERATOR_TEXTS } from './texts-operators';

/**
 * The console's sections, each with the operation that fills it: a section shows when one of the
 * operator's roles may call that operation (the operation table says which, decision 0154).
 */
const SECTIONS = [
  { path: '/review', label: TEXTS.nav.review, operation: 'reviewQueue', element: () => <ReviewPage /> },
  { path: '/users', label: TEXTS.nav.users, operation: 'searchUsers', element: () => <UsersPage /> },
  { path: '/orders', label: OPERATIONS_TEXTS.nav.orders, operation: 'searchOrders', element: () => <OrdersPage /> },
  { path: '/account-deletions', label: ACCOUNT_DATA_TEXTS.nav.deletions, operation: 'accountDeletions', element: () => <AccountDeletionsPage /> },
  { path: '/settings', label: TEXTS.nav.settings, operation: 'siteSettings', element: () => <SettingsPage /> },
  { path: '/campaigns', label: TEXTS.nav.campaigns, operation: 'campaigns', element: () => <CampaignsPage /> },
  { path: '/labels', label: TEXTS.nav.labels, operation: 'labelOverrides', element: () => <LabelsPage /> },
  { path: '/analytics', label: TEXTS.nav.analytics, operation: 'analyticsDaily', element: () => <AnalyticsPage /> },
  { path: '/audit', label: TEXTS.nav.audit, operation: 'audit', element: () => <AuditPage /> },
  { path: '/operators', label: OPERATOR_TEXTS.operators.nav, operation: 'operators', element: (me: OperatorMe) => <OperatorsPage selfUid={me.uid} /> },
] as const;

/** Why a section is missing: the roles that would show it. */
function missingText(me: OperatorMe, section: (typeof SECTIONS)[number]): string {
  const roles = me.operations.find((operation) => operation.name === section.operation)?.roles ?? [];
  return OPERATOR_TEXTS.missing.item(section.label, roles.map((role) => OPERATOR_TEXTS.roles[role]).join(OPERATOR_TEXTS.missing.or));
}

/**
 * A page's own menu link clicked while it shows (a new history entry, same path) refetches what it
 * shows, so an operator never sees older than their last click. Opening another page refetches its
 * data anyway: nothing counts as fresh (staleTime 0).
 */
function useRefreshOnReopen() {
  const { key, pathname } = useLocation();
  const shown = useRef({ key, pathname });
  useEffect(() => {
    const before = shown.current;
    shown.current = { key, pathname };
    if (before.key !== key && before.pathname === pathname) void refreshShown();
  }, [key, pathname]);
}

export function App() {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<OperatorSession | null>(loadSession);
  useRefreshOnReopen();

  /** Ends the session here; what one operator saw is never shown to the next one on this tab. */
  const endSession = useCallback(() => {
    saveSession(null);
    queryClient.clear();
    setSession(null);
  }, [queryClient]);
  useEffect(() => {
    setSessionLostHandler(endSession);
    return () => setSessionLostHandler(undefined);
  }, [endSession]);
  const logout = useMutation({ ...mutations.logout(), onSettled: endSession });

  const navigate = useNavigate();
  const { pathname, hash } = useLocation();
  if (pathname === '/invite') return <AcceptInvitationPage token={hash.replace(/^#/, '')} onDone={() => navigate('/', { replace: true })} />;
  if (!session) return <LoginPage onLoggedIn={setSession} />;
  return <SignedIn session={session} onLogout={() => logout.mutate()} />;
}

/** A signed-in operator: the second factor first, then the sections their roles allow. */
function SignedIn({ session, onLogout }: { session: OperatorSession; onLogout: () => void }) {
  const me = useQuery(queries.me());
  const [stepUp, setStepUp] = useState<'asked' | 'done' | null>(null);
  useEffect(() => {
    setStepUpHandler(() => setStepUp('asked'));
    return () => setStepUpHandler(undefined);
  }, []);

  if (!me.data) return <main className="login">{me.error ? <LoadState query={me} /> : <p role="status">{TEXTS.common.loading}</p>}</main>;
  if (!me.data.secondFactor) return <SecondFactorPage me={me.data} onVerified={() => void me.refetch()} onCancel={onLogout} />;

  const allowed = new Set(me.data.operations.filter((operation) => operation.allowed).map((operation) => operation.name));
  const shown = SECTIONS.filter((section) => allowed.has(section.operation));
  const missing = SECTIONS.filter((section) => !allowed.has(section.operation));
  return (
    <div className="layout">
      <header className="topbar">
        <span className="brand">{TEXTS.title}</span>
        <nav aria-label={TEXTS.nav.label}>
          {shown.map((section) => (
            <NavLink key={section.path} to={section.path}>
              {section.label}
            </NavLink>
          ))}
        </nav>
        <span className="muted">{session.userName}</span>
        <button type="button" onClick={onLogout}>
          {TEXTS.nav.logout}
        </button>
      </header>
      {missing.length > 0 && (
        <details className="missing muted">
          <summary>{OPERATOR_TEXTS.missing.heading}</summary>
          <ul>
            {missing.map((section) => (
              <li key={section.path}>{missingText(me.data, section)}</li>
            ))}
          </ul>
        </details>
      )}
      <main className="content">
        {stepUp && (
          <section role="dialog" aria-labelledby="step-up-heading" className="step-up">
            <h2 id="step-up-heading">{OPERATOR_TEXTS.stepUp.heading}</h2>
            {stepUp === 'asked' ? (
              <>
                <p>{OPERATOR_TEXTS.stepUp.intro}</p>
                <VerifyForm onVerified={() => setStepUp('done')} />
              </>
            ) : (
              <p role="status">{OPERATOR_TEXTS.stepUp.done}</p>
            )}
            <button type="button" className="secondary" onClick={() => setStepUp(null)}>
              {OPERATOR_TEXTS.stepUp.close}
            </button>
          </section>
        )}
        <Routes>
          {shown.map((section) => (
            <Route key={section.path} path={section.path} element={section.element(me.data)} />
          ))}
          <Route path="*" element={shown[0] ? <Navigate to={shown[0].path} replace /> : null} />
        </Routes>
      </main>
    </div>
  );
}
