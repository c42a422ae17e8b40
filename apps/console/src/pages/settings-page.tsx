import { useMutation, useQuery } from '@tanstack/react-query';
import type { RechargeStatus } from '@vsp/contract/endpoints/recharge';
import { mutations } from '../api/mutations';
import { queries } from '../api/queries';
import { TEXTS } from '../texts';
import { SiteSettingsSection } from './site-settings-form';
import { ActionMessage, LoadState, outcome } from './status';
import { useDraftForm } from './use-draft';

/**
 * The maintenance switch, its window text and the iOS notice (one switch for the home page popup and
 * top-up), then store links and support mailboxes; all audited through the console calls.
 */
export function SettingsPage() {
  const status = useQuery(queries.switches());
  return (
    <section aria-labelledby="settings-heading">
      <h1 id="settings-heading">{TEXTS.settings.heading}</h1>
      <h2>{TEXTS.settings.switchesHeading}</h2>
      <LoadState query={status} />
      {status.data && <SettingsForm saved={status.data} version={status.dataUpdatedAt} />}
      <SiteSettingsSection />
    </section>
  );
}

function SettingsForm({ saved, version }: { saved: RechargeStatus; version: number }) {
  const form = useDraftForm({ paused: saved.paused, from: saved.window?.from ?? '', to: saved.window?.to ?? '', iosNotice: saved.iosNotice }, version);
  const save = useMutation(mutations.saveSwitches());

  function submit({ paused, from, to, iosNotice }: typeof form.values) {
    // Empty fields clear the window. Signing drops nulls, so clearing is said with clearWindow.
    const window = from.trim() && to.trim() ? { from: from.trim(), to: to.trim() } : undefined;
    save.mutate({ paused, ...(window ? { window } : { clearWindow: true }), iosNotice });
  }

  return (
        <form {...form.props} onSubmit={form.onSubmit(submit)} className="stack">
          <label className="check">
            <input {...form.checkbox('paused')} />
            {TEXTS.settings.paused}
          </label>
          <label>
            {TEXTS.settings.windowFrom}
            <input {...form.field('from')} maxLength={60} />
          </label>
          <label>
            {TEXTS.settings.windowTo}
            <input {...form.field('to')} maxLength={60} />
          </label>
          <label className="check">
            <input {...form.checkbox('iosNotice')} />
            {TEXTS.settings.iosNotice}
          </label>
          <button type="submit" disabled={save.isPending}>
            {TEXTS.settings.save}
          </button>
          <ActionMessage message={outcome(save, () => TEXTS.common.saved)} />
        </form>
  );
}
