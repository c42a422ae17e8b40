import { useEffect, useState } from 'react';
import { NavLink, Navigate, Route, Routes } from 'react-router';
import { logoutPath } from '@vsp/contract/endpoints/user';
import { api, loadSession, saveSession, setSessionLostHandler, type OperatorSession } from './api/api';
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
import { OPERATIONS_TEXTS } from './texts-operations';

export function App() {
  const [session, setSession] = useState<OperatorSession | null>(loadSession);

  useEffect(() => {
    setSessionLostHandler(() => {
      saveSession(null);
      setSession(null);
    });
    return () => setSessionLostHandler(undefined);
  }, []);

  if (!session) return <LoginPage onLoggedIn={setSession} />;

  async function logout() {
    await api.post(logoutPath).catch(() => undefined);
    saveSession(null);
    setSession(null);
  }

  return (
    <div className="layout">
      <header className="topbar">
        <span className="brand">{TEXTS.title}</span>
        <nav aria-label={TEXTS.nav.label}>
          <NavLink to="/review">{TEXTS.nav.review}</NavLink>
          <NavLink to="/users">{TEXTS.nav.users}</NavLink>
          <NavLink to="/orders">{OPERATIONS_TEXTS.nav.orders}</NavLink>
          <NavLink to="/settings">{TEXTS.nav.settings}</NavLink>
          <NavLink to="/campaigns">{TEXTS.nav.campaigns}</NavLink>
          <NavLink to="/labels">{TEXTS.nav.labels}</NavLink>
          <NavLink to="/analytics">{TEXTS.nav.analytics}</NavLink>
          <NavLink to="/audit">{TEXTS.nav.audit}</NavLink>
        </nav>
        <span className="muted">{session.userName}</span>
        <button type="button" onClick={() => void logout()}>
          {TEXTS.nav.logout}
        </button>
      </header>
      <main className="content">
        <Routes>
          <Route path="/review" element={<ReviewPage />} />
          <Route path="/users" element={<UsersPage />} />
          <Route path="/orders" element={<OrdersPage />} />
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
