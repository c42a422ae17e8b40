import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Campaign } from '@vsp/contract/endpoints/gift-codes';
import { ASSETS, type Asset } from '@vsp/contract/wallet-assets';
import { mutations } from '../api/mutations';
import { queries } from '../api/queries';
import { TEXTS } from '../texts';
import { OPERATIONS_TEXTS } from '../texts-operations';
import { CampaignManager, CampaignWindowFields, RedemptionGroupField, localInput } from './campaign-manager';
import { DataTable } from './data-table';
import { GiftPackLimits } from './gift-pack-limits';
import { ActionMessage, LoadState, failure, outcome } from './status';
import { assetName } from '../asset-names';

const DAY = 24 * 60 * 60 * 1000;

/**
 * One CSV field. A cell a spreadsheet would read as a formula (starting with = + - @, a tab or a
 * carriage return) gets a leading apostrophe so it stays text (CSV injection); then the field is
 * quoted when it holds a comma, a quote or a line break.
 */
export function csvField(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function codesCsv(codes: { code: string; usedBy: number | null }[]): string {
  return ['code,used_by', ...codes.map((c) => `${csvField(c.code)},${c.usedBy ?? ''}`)].join('\r\n') + '\r\n';
}

function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: the browser may still be reading the blob when click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The create form's starting values: a week from now, one shared code. */
function newCampaignForm() {
  return {
    name: '',
    asset: 'gold_coins' as Asset,
    quantity: 100,
    startsAt: localInput(Date.now()),
    endsAt: localInput(Date.now() + 7 * DAY),
    totalCap: 1000,
    kind: 'shared' as 'shared' | 'unique',
    sharedCode: '',
    uniqueCount: 10,
    redemptionGroup: '',
  };
}

function CreateCampaign() {
  const t = TEXTS.campaigns;
  const [form, setForm] = useState(newCampaignForm);
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));
  const create = useMutation(mutations.createCampaign());

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({
      name: form.name.trim(),
      contents: [{ asset: form.asset, quantity: form.quantity }],
      startsAt: new Date(form.startsAt).toISOString(),
      endsAt: new Date(form.endsAt).toISOString(),
      totalCap: form.totalCap,
      ...(form.kind === 'shared' ? { sharedCode: form.sharedCode.trim() } : { uniqueCount: form.uniqueCount }),
      ...(form.redemptionGroup.trim() ? { redemptionGroup: form.redemptionGroup.trim() } : {}),
    });
  }

  return (
    <form onSubmit={submit} className="stack" aria-labelledby="create-campaign">
      <h2 id="create-campaign">{t.create}</h2>
      <label>
        {t.name}
        <input required maxLength={100} value={form.name} onChange={(e) => set('name', e.target.value)} />
      </label>
      <div className="row">
        <label>
          {t.asset}
          <select value={form.asset} onChange={(e) => set('asset', e.target.value as Asset)}>
            {ASSETS.map((asset) => (
              <option key={asset} value={asset}>
                {assetName(asset)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.quantity}
          <input type="number" min={1} required value={form.quantity} onChange={(e) => set('quantity', Number(e.target.value))} />
        </label>
      </div>
      <CampaignWindowFields form={form} onChange={(patch) => setForm((f) => ({ ...f, ...patch }))} />
      <fieldset>
        <legend>{t.kind}</legend>
        <label className="check">
          <input type="radio" name="kind" checked={form.kind === 'shared'} onChange={() => set('kind', 'shared')} />
          {t.shared}
        </label>
        <label className="check">
          <input type="radio" name="kind" checked={form.kind === 'unique'} onChange={() => set('kind', 'unique')} />
          {t.unique}
        </label>
      </fieldset>
      {form.kind === 'shared' ? (
        <label>
          {t.sharedCode}
          <input required maxLength={64} pattern="[!-~]+" value={form.sharedCode} onChange={(e) => set('sharedCode', e.target.value)} />
        </label>
      ) : (
        <label>
          {t.uniqueCount}
          <input type="number" min={1} max={100000} required value={form.uniqueCount} onChange={(e) => set('uniqueCount', Number(e.target.value))} />
        </label>
      )}
      <RedemptionGroupField value={form.redemptionGroup} onChange={(value) => set('redemptionGroup', value)} />
      <button type="submit" disabled={create.isPending}>
        {t.create}
      </button>
      <ActionMessage message={outcome(create, (campaign) => t.created(campaign.name))} />
    </form>
  );
}

export function CampaignsPage() {
  const t = TEXTS.campaigns;
  const list = useQuery(queries.campaigns());
  const queryClient = useQueryClient();
  const exportCodes = useMutation({
    mutationFn: (campaign: Campaign) => queryClient.fetchQuery(queries.campaignCodes(campaign.id)),
    onSuccess: (codes, campaign) => download(`campaign-${campaign.id}-codes.csv`, codesCsv(codes)),
  });
  /** The campaign whose panel is open, as the list has it now. */
  const [managingId, setManagingId] = useState<number | null>(null);
  const managing = list.data?.find((campaign) => campaign.id === managingId);
  const ops = OPERATIONS_TEXTS.campaigns;
  const columns = [t.columns.name, t.columns.window, t.columns.claimed, ops.remaining, ops.state, t.columns.codes, t.columns.group, ops.actions];

  return (
    <section aria-labelledby="campaigns-heading">
      <h1 id="campaigns-heading">{t.heading}</h1>
      <ActionMessage message={exportCodes.isError ? failure(exportCodes.error) : null} />
      <LoadState query={list} />
      {list.data && list.data.length === 0 && <p>{t.empty}</p>}
      {list.data && list.data.length > 0 && (
        <DataTable columns={columns}>
          {list.data.map((campaign) => (
            <tr key={campaign.id}>
              <td>{campaign.name}</td>
              <td>
                {new Date(campaign.startsAt).toLocaleString()} – {new Date(campaign.endsAt).toLocaleString()}
              </td>
              <td>
                {campaign.claimed} / {campaign.totalCap}
              </td>
              <td>{campaign.remaining}</td>
              <td data-state={campaign.state}>{ops.states[campaign.state]}</td>
              <td>{campaign.codeKind === 'shared' ? campaign.sharedCode : campaign.codes}</td>
              <td>{campaign.redemptionGroup ?? '—'}</td>
              <td className="row">
                <button type="button" onClick={() => exportCodes.mutate(campaign)} aria-label={`${t.exportCsv} ${campaign.name}`}>
                  {t.exportCsv}
                </button>
                <button type="button" aria-expanded={managingId === campaign.id} aria-label={ops.manageLabel(campaign.name)} onClick={() => setManagingId(campaign.id)}>
                  {ops.manage}
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {managing && <CampaignManager key={managing.id} campaign={managing} onClose={() => setManagingId(null)} />}
      <CreateCampaign />
      <GiftPackLimits />
    </section>
  );
}
