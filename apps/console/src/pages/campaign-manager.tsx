import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { Campaign } from '@vsp/contract/endpoints/gift-codes';
import { mutations } from '../api/mutations';
import { TEXTS } from '../texts';
import { OPERATIONS_TEXTS } from '../texts-operations';
import { ActionMessage, lastRun, outcome } from './status';

/** A `datetime-local` value (local time, minutes) of a moment. */
export function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

export interface CampaignWindow {
  startsAt: string;
  endsAt: string;
  totalCap: number;
}

/** The window (local date and time) and cap of a campaign, for creating one and for changing one. */
export function CampaignWindowFields({ form, onChange, minCap = 1 }: { form: CampaignWindow; onChange: (patch: Partial<CampaignWindow>) => void; minCap?: number }) {
  const t = TEXTS.campaigns;
  return (
    <>
      <label>
        {t.startsAt}
        <input type="datetime-local" required value={form.startsAt} onChange={(e) => onChange({ startsAt: e.target.value })} />
      </label>
      <label>
        {t.endsAt}
        <input type="datetime-local" required value={form.endsAt} onChange={(e) => onChange({ endsAt: e.target.value })} />
      </label>
      <label>
        {t.totalCap}
        <input type="number" min={minCap} max={10_000_000} required value={form.totalCap} onChange={(e) => onChange({ totalCap: Number(e.target.value) })} />
      </label>
    </>
  );
}

/** The campaign's redemption group: campaigns sharing one redeem once per account for all of them. */
export function RedemptionGroupField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = TEXTS.campaigns;
  return (
    <label>
      {t.redemptionGroup}
      <input maxLength={40} pattern="[A-Za-z0-9_.\-]{1,40}" value={value} onChange={(e) => onChange(e.target.value)} aria-describedby="redemption-group-hint" />
      <small id="redemption-group-hint">{t.redemptionGroupHint}</small>
    </label>
  );
}

/** Changes to an existing campaign: its window and cap, more unique codes, disabling it. */
export function CampaignManager({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const t = OPERATIONS_TEXTS.campaigns;
  const [form, setForm] = useState({
    startsAt: localInput(Date.parse(campaign.startsAt)),
    endsAt: localInput(Date.parse(campaign.endsAt)),
    totalCap: campaign.totalCap,
    redemptionGroup: campaign.redemptionGroup ?? '',
    more: 10,
  });
  const actions = { save: useMutation(mutations.updateCampaign()), generate: useMutation(mutations.generateCodes()), disable: useMutation(mutations.disableCampaign()) };
  const last = lastRun(actions);
  const busy = actions[last].isPending;
  const message =
    last === 'save'
      ? outcome(actions.save, (c) => t.saved(c.name))
      : last === 'generate'
        ? outcome(actions.generate, (c) => t.generated(c.name, c.codes))
        : outcome(actions.disable, (c) => t.disabledDone(c.name));
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));
  const headingId = `manage-campaign-${campaign.id}`;
  const panel = useRef<HTMLElement>(null);
  // Opening the panel moves focus to it, so keyboard and screen-reader users land on what opened.
  useEffect(() => panel.current?.focus(), []);

  function save(event: FormEvent) {
    event.preventDefault();
    const { id } = campaign;
    const { startsAt, endsAt, totalCap, redemptionGroup } = form;
    const group = redemptionGroup.trim() ? { redemptionGroup: redemptionGroup.trim() } : { clearRedemptionGroup: true as const };
    actions.save.mutate({ id, startsAt: new Date(startsAt).toISOString(), endsAt: new Date(endsAt).toISOString(), totalCap, ...group });
  }

  function generate(event: FormEvent) {
    event.preventDefault();
    actions.generate.mutate({ id: campaign.id, count: form.more });
  }

  function disable() {
    if (window.confirm(t.disableConfirm(campaign.name))) actions.disable.mutate(campaign.id);
  }

  return (
    <section aria-labelledby={headingId} ref={panel} className="panel" tabIndex={-1} id={`campaign-manager-${campaign.id}`}>
      <h2 id={headingId}>{t.editHeading(campaign.name)}</h2>
      <form onSubmit={save} className="stack">
        <CampaignWindowFields form={form} onChange={(patch) => setForm((f) => ({ ...f, ...patch }))} minCap={Math.max(1, campaign.claimed)} />
        <RedemptionGroupField value={form.redemptionGroup} onChange={(value) => set('redemptionGroup', value)} />
        <button type="submit" disabled={busy}>
          {t.save}
        </button>
      </form>
      {campaign.codeKind === 'unique' && (
        <form onSubmit={generate} className="stack">
          <label>
            {t.moreCodes}
            <input type="number" min={1} max={100_000} required value={form.more} onChange={(e) => set('more', Number(e.target.value))} />
          </label>
          <button type="submit" disabled={busy}>
            {t.generate}
          </button>
        </form>
      )}
      <div className="row">
        {!campaign.disabled && (
          <button type="button" className="danger" disabled={busy} onClick={disable}>
            {t.disable}
          </button>
        )}
        <button type="button" className="secondary" onClick={onClose}>
          {t.close}
        </button>
      </div>
      <ActionMessage message={message} />
    </section>
  );
}
