import { useEffect, useRef, type InputHTMLAttributes } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { Campaign } from '@vsp/contract/endpoints/gift-codes';
import { useForm } from '@vsp/form/use-form';
import { mutations } from '../api/mutations';
import { TEXTS } from '../texts';
import { OPERATIONS_TEXTS } from '../texts-operations';
import { ActionMessage, lastRun, outcome } from './status';

/** A `datetime-local` value (local time, minutes) of a moment. */
export function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/** A campaign form's window and cap fields, as the form hook gives them (`form.field`). */
type CampaignField = 'startsAt' | 'endsAt' | 'totalCap' | 'redemptionGroup';
type FieldProps = (field: CampaignField, ...hints: string[]) => InputHTMLAttributes<HTMLInputElement>;

/** The window (local date and time) and cap of a campaign, for creating one and for changing one. */
export function CampaignWindowFields({ field, minCap = 1 }: { field: FieldProps; minCap?: number }) {
  const t = TEXTS.campaigns;
  return (
    <>
      <label>
        {t.startsAt}
        <input {...field('startsAt')} type="datetime-local" required />
      </label>
      <label>
        {t.endsAt}
        <input {...field('endsAt')} type="datetime-local" required />
      </label>
      <label>
        {t.totalCap}
        <input {...field('totalCap')} type="number" min={minCap} max={10_000_000} required />
      </label>
    </>
  );
}

/** The campaign's redemption group: campaigns sharing one redeem once per account for all of them. */
export function RedemptionGroupField({ field }: { field: FieldProps }) {
  const t = TEXTS.campaigns;
  return (
    <label>
      {t.redemptionGroup}
      <input {...field('redemptionGroup', 'redemption-group-hint')} maxLength={40} pattern="[A-Za-z0-9_.\-]{1,40}" />
      <small id="redemption-group-hint">{t.redemptionGroupHint}</small>
    </label>
  );
}

/** Changes to an existing campaign: its window and cap, more unique codes, disabling it. */
export function CampaignManager({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const t = OPERATIONS_TEXTS.campaigns;
  const form = useForm({
    initial: {
      startsAt: localInput(Date.parse(campaign.startsAt)),
      endsAt: localInput(Date.parse(campaign.endsAt)),
      totalCap: String(campaign.totalCap),
      redemptionGroup: campaign.redemptionGroup ?? '',
    },
    browserChecks: true,
  });
  const codes = useForm({ initial: { more: '10' }, browserChecks: true });
  const actions = { save: useMutation(mutations.updateCampaign()), generate: useMutation(mutations.generateCodes()), disable: useMutation(mutations.disableCampaign()) };
  const last = lastRun(actions);
  const busy = actions[last].isPending;
  const message =
    last === 'save'
      ? outcome(actions.save, (c) => t.saved(c.name))
      : last === 'generate'
        ? outcome(actions.generate, (c) => t.generated(c.name, c.codes))
        : outcome(actions.disable, (c) => t.disabledDone(c.name));
  const headingId = `manage-campaign-${campaign.id}`;
  const panel = useRef<HTMLElement>(null);
  // Opening the panel moves focus to it, so keyboard and screen-reader users land on what opened.
  useEffect(() => panel.current?.focus(), []);

  function save({ startsAt, endsAt, totalCap, redemptionGroup }: typeof form.values) {
    const { id } = campaign;
    const group = redemptionGroup.trim() ? { redemptionGroup: redemptionGroup.trim() } : { clearRedemptionGroup: true as const };
    actions.save.mutate({ id, startsAt: new Date(startsAt).toISOString(), endsAt: new Date(endsAt).toISOString(), totalCap: Number(totalCap), ...group });
  }

  function disable() {
    if (window.confirm(t.disableConfirm(campaign.name))) actions.disable.mutate(campaign.id);
  }

  return (
    <section aria-labelledby={headingId} ref={panel} className="panel" tabIndex={-1} id={`campaign-manager-${campaign.id}`}>
      <h2 id={headingId}>{t.editHeading(campaign.name)}</h2>
      <form {...form.props} onSubmit={form.onSubmit(save)} className="stack">
        <CampaignWindowFields field={form.field} minCap={Math.max(1, campaign.claimed)} />
        <RedemptionGroupField field={form.field} />
        <button type="submit" disabled={busy}>
          {t.save}
        </button>
      </form>
      {campaign.codeKind === 'unique' && (
        <form {...codes.props} onSubmit={codes.onSubmit(({ more }) => actions.generate.mutate({ id: campaign.id, count: Number(more) }))} className="stack">
          <label>
            {t.moreCodes}
            <input {...codes.field('more')} type="number" min={1} max={100_000} required />
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
