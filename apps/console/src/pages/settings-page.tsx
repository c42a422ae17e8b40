import { useState, type FormEvent } from 'react';
import { consoleSwitchesPath, rechargeStatusPath, type RechargeStatus } from '@vsp/contract/endpoints/recharge';
import { api, errorText } from '../api/api';
import { useLoad } from '../api/use-load';
import { TEXTS } from '../texts';
import { SiteSettingsSection } from './site-settings-form';
import { ActionMessage, LoadState } from './status';

/**
 * The maintenance switch, its window text and the iOS notice (one switch for the home page popup and
 * top-up), then store links and support mailboxes; all audited through the console calls.
 */
export function SettingsPage() {
  const status = useLoad(() => api.get(rechargeStatusPath));
  return (
    <section aria-labelledby="settings-heading">
      <h1 id="settings-heading">{TEXTS.settings.heading}</h1>
      <h2>{TEXTS.settings.switchesHeading}</h2>
      <LoadState loading={status.loading} error={status.error} onRetry={status.reload} />
      {status.data && <SettingsForm initial={status.data} />}
      <SiteSettingsSection />
    </section>
  );
}

function SettingsForm({ initial }: { initial: RechargeStatus }) {
  const [form, setForm] = useState({ paused: initial.paused, from: initial.window?.from ?? '', to: initial.window?.to ?? '', iosNotice: initial.iosNotice });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      // Empty fields clear the window. Signing drops nulls, so clearing is said with clearWindow.
      const window = form.from.trim() && form.to.trim() ? { from: form.from.trim(), to: form.to.trim() } : undefined;
      const saved = await api.post(consoleSwitchesPath, {
        body: { paused: form.paused, ...(window ? { window } : { clearWindow: true }), iosNotice: form.iosNotice },
      });
      setForm({ paused: saved.paused, from: saved.window?.from ?? '', to: saved.window?.to ?? '', iosNotice: saved.iosNotice });
      setMessage({ text: TEXTS.common.saved });
    } catch (e) {
      setMessage({ text: TEXTS.common.failed(errorText(e)), error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
        <form onSubmit={(e) => void save(e)} className="stack">
          <label className="check">
            <input type="checkbox" checked={form.paused} onChange={(e) => setForm({ ...form, paused: e.target.checked })} />
            {TEXTS.settings.paused}
          </label>
          <label>
            {TEXTS.settings.windowFrom}
            <input maxLength={60} value={form.from} onChange={(e) => setForm({ ...form, from: e.target.value })} />
          </label>
          <label>
            {TEXTS.settings.windowTo}
            <input maxLength={60} value={form.to} onChange={(e) => setForm({ ...form, to: e.target.value })} />
          </label>
          <label className="check">
            <input type="checkbox" checked={form.iosNotice} onChange={(e) => setForm({ ...form, iosNotice: e.target.checked })} />
            {TEXTS.settings.iosNotice}
          </label>
          <button type="submit" disabled={busy}>
            {TEXTS.settings.save}
          </button>
          <ActionMessage message={message} />
        </form>
  );
}
