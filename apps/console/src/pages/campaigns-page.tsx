import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Campaign } from '@vsp/contract/endpoints/gift-codes';
import { ASSETS, type Asset } from '@vsp/contract/wallet-assets';
import { useForm } from '@vsp/form/use-form';
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
    quantity: '100',
    startsAt: localInput(Date.now()),
    endsAt: localInput(Date.now() + 7 * DAY),
    totalCap: '1000',
    kind: 'shared' as 'shared' | 'unique',
    sharedCode: '',
    uniqueCount: '10',
    redemptionGroup: '',
  };
}

function CreateCampaign() {
  const t = TEXTS.campaigns;
  const form = useForm({ initial: newCampaignForm, browserChecks: true });
  const create = useMutation(mutations.createCampaign());

  function submit(values: typeof form.values) {
    create.mutate({
      name: values.name.trim(),
      contents: [{ asset: values.asset, quantity: Number(values.quantity) }],
      startsAt: new Date(values.startsAt).toISOString(),
      endsAt: new Date(values.endsAt).toISOString(),
      totalCap: Number(values.totalCap),
      ...(values.kind === 'shared' ? { sharedCode: values.sharedCode.trim() } : { uniqueCount: Number(values.uniqueCount) }),
      ...(values.redemptionGroup.trim() ? { redemptionGroup: values.redemptionGroup.trim() } : {}),
    });
  }

  const kind = (value: 'shared' | 'unique') => ({ type: 'radio', name: 'kind', value, checked: form.values.kind === value, onChange: () => form.set('kind', value) });

  return (
    <form {...form.props} onSubmit={form.onSubmit(submit)} className="stack" aria-labelledby="create-campaign">
      <h2 id="create-campaign">{t.create}</h2>
      <label>
        {t.name}
        <input {...form.field('name')} required maxLength={100} />
      </label>
      <div className="row">
        <label>
          {t.asset}
          <select {...form.field('asset')}>
            {ASSETS.map((asset) => (
              <option key={asset} value={asset}>
                {assetName(asset)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.quantity}
          <input {...form.field('quantity')} type="number" min={1} required />
        </label>
      </div>
      <CampaignWindowFields field={form.field} />
      <fieldset>
        <legend>{t.kind}</legend>
        <label className="check">
          <input {...kind('shared')} />
          {t.shared}
        </label>
        <label className="check">
          <input {...kind('unique')} />
          {t.unique}
        </label>
      </fieldset>
      {form.values.kind === 'shared' ? (
        <label>
          {t.sharedCode}
          <input {...form.field('sharedCode')} required maxLength={64} pattern="[!-~]+" />
        </label>
      ) : (
        <label>
          {t.uniqueCount}
          <input {...form.field('uniqueCount')} type="number" min={1} max={100000} required />
        </label>
      )}
      <RedemptionGroupField field={form.field} />
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
