import { useMutation, useQuery } from '@tanstack/react-query';
import type { GiftPackLimit } from '@vsp/contract/endpoints/console-operations';
import { LIMIT_PERIODS, type LimitPeriod } from '@vsp/contract/purchase-limits';
import { useForm } from '@vsp/form/use-form';
import { mutations } from '../api/mutations';
import { queries } from '../api/queries';
import { TEXTS } from '../texts';
import { DataTable } from './data-table';
import { ActionMessage, LoadState, outcome } from './status';

const packName = (pack: GiftPackLimit) => pack.name.en ?? Object.values(pack.name)[0] ?? `#${pack.id}`;

function PackLimitRow({ pack, onSave, busy }: { pack: GiftPackLimit; onSave: (change: { id: number; limit: number; limitPeriod: LimitPeriod }) => void; busy: boolean }) {
  const t = TEXTS.packLimits;
  // A row of a table, so no <form> of its own: the hook keeps its values, the button saves them.
  const form = useForm({ initial: { limit: String(pack.limit), limitPeriod: pack.limitPeriod } });
  const limit = Number(form.values.limit);
  const name = packName(pack);
  return (
    <tr data-pack-id={pack.id}>
      <td>{name}</td>
      <td>{pack.country}</td>
      <td>
        <input {...form.field('limit')} type="number" min={1} max={10_000} aria-label={t.limitLabel(name)} />
      </td>
      <td>
        <select {...form.field('limitPeriod')} aria-label={t.periodLabel(name)}>
          {LIMIT_PERIODS.map((p) => (
            <option key={p} value={p}>
              {t.periods[p]}
            </option>
          ))}
        </select>
      </td>
      <td>
        <button type="button" disabled={busy || !(limit >= 1)} onClick={() => onSave({ id: pack.id, limit, limitPeriod: form.values.limitPeriod })} aria-label={t.saveLabel(name)}>
          {t.columns.save}
        </button>
      </td>
    </tr>
  );
}

/** Each gift pack's purchase limit and its period (issue 19), set by an operator; audited on the server. */
export function GiftPackLimits() {
  const t = TEXTS.packLimits;
  const packs = useQuery(queries.giftPacks());
  const save = useMutation(mutations.setPackLimit());
  return (
    <section aria-labelledby="pack-limits-heading" className="stack stack--wide" data-testid="pack-limits">
      <h2 id="pack-limits-heading">{t.heading}</h2>
      <p>{t.intro}</p>
      <LoadState query={packs} />
      {packs.data && (
        <DataTable columns={[t.columns.pack, t.columns.country, t.columns.limit, t.columns.period, t.columns.save]}>
          {packs.data.map((pack) => (
            <PackLimitRow key={`${pack.id}-${pack.limit}-${pack.limitPeriod}`} pack={pack} onSave={(change) => save.mutate(change)} busy={save.isPending} />
          ))}
        </DataTable>
      )}
      <ActionMessage message={outcome(save, (pack) => t.saved(packName(pack)))} />
    </section>
  );
}
