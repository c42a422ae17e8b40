import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NavLink, Navigate, Route, Routes, useLocation } from 'react-router';
import { logoutPath } from '@vsp/contract/endpoints/user';
import { api, loadSession, saveSession, setSessionLostHandler, type OperatorSession } from './api/api';
import { refreshShown } from './api/queries';
import { AccountDeletionsPage } from './pages/account-deletions-page';
import { AuditPage } from './pages/audit-page';
import { AnalyticsPage } from './pages/analytics-page';
import { CampaignsPage } from './pages/campaigns-page';
import { LabelsPage } from './pages/labels-page';
import { LoginPage } from './pages/login-page';
import { OrdersPage } from './pages/orders-page';
import { ReviewPage } from './pages/review-page';
import { SettingsPage } from './pages/settings-page';
import { UsersPage } from './pages/users-page';
import { TEXTS } from './texts';
import { ACCOUNT_DATA_TEXTS } from './texts-account-data';
import { OPERATIONS_TEXTS } from './texts-operations';

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
  const logout = useMutation({ mutationFn: () => api.post(logoutPath).catch(() => undefined), onSettled: endSession });

  if (!session) return <LoginPage onLoggedIn={setSession} />;

  return (
    <div className="layout">
      <header className="topbar">
        <span className="brand">{TEXTS.title}</span>
        <nav aria-label={TEXTS.nav.label}>
          <NavLink to="/review">{TEXTS.nav.review}</NavLink>
          <NavLink to="/users">{TEXTS.nav.users}</NavLink>
          <NavLink to="/orders">{OPERATIONS_TEXTS.nav.orders}</NavLink>
          <NavLink to="/account-deletions">{ACCOUNT_DATA_TEXTS.nav.deletions}</NavLink>
          <NavLink to="/settings">{TEXTS.nav.settings}</NavLink>
          <NavLink to="/campaigns">{TEXTS.nav.campaigns}</NavLink>
          <NavLink to="/labels">{TEXTS.nav.labels}</NavLink>
          <NavLink to="/analytics">{TEXTS.nav.analytics}</NavLink>
          <NavLink to="/audit">{TEXTS.nav.audit}</NavLink>
        </nav>
        <span className="muted">{session.userName}</span>
        <button type="button" onClick={() => logout.mutate()}>
          {TEXTS.nav.logout}
        </button>
      </header>
      <main className="content">
        <Routes>
          <Route path="/review" element={<ReviewPage />} />
          <Route path="/users" element={<UsersPage />} />
          <Route path="/orders" element={<OrdersPage />} />
          <Route path="/account-deletions" element={<AccountDeletionsPage />} />
          <Route path="/settings" element={<SettingsPage />} />
          <Route path="/campaigns" element={<CampaignsPage />} />
          <Route path="/audit" element={<AuditPage />} />
          <Route path="/labels" element={<LabelsPage />} />
          <Route path="/analytics" element={<AnalyticsPage />} />
          <Route path="*" element={<Navigate to="/review" replace />} />
        </Routes>
      </main>
    </div>
  );
}
