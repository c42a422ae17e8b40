import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queries } from '../api/queries';
import { OPERATIONS_TEXTS } from '../texts-operations';
import { DataTable } from './data-table';
import { Pager } from './pager';
import { LoadState } from './status';
import { assetName } from '../asset-names';

const PAGE_SIZE = 20;

/** A user's balances, backpack and ledger (newest first, a page at a time). */
export function UserWalletPanel({ uid, userName, onClose }: { uid: number; userName: string; onClose: () => void }) {
  const t = OPERATIONS_TEXTS.wallet;
  const [page, setPage] = useState(1);
  // The page shown stays until the next one answers.
  const state = useQuery({ ...queries.wallet(uid, page, PAGE_SIZE), placeholderData: keepPreviousData });
  const wallet = state.data;
  const panel = useRef<HTMLElement>(null);
  // Opening the panel moves focus to it, so keyboard and screen-reader users land on what opened.
  useEffect(() => panel.current?.focus(), []);
  const pages = wallet ? Math.max(1, Math.ceil(wallet.total / wallet.pageSize)) : 1;
  const headingId = `wallet-heading-${uid}`;
  /** Balances and backpack alike: each asset by its name, and how many. */
  const assets = (rows: readonly (readonly [asset: string, count: number])[]) => (
    <DataTable columns={Object.values(t.assetColumns)}>
      {rows.map(([asset, count]) => (
        <tr key={asset}>
          <td>{assetName(asset)}</td>
          <td>{count}</td>
        </tr>
      ))}
    </DataTable>
  );

  return (
    <section aria-labelledby={headingId} ref={panel} className="panel" tabIndex={-1} id={`wallet-${uid}`}>
      <h2 id={headingId}>{t.heading(userName, uid)}</h2>
      <LoadState query={state} />
      {wallet && (
        <>
          <h3>{t.balances}</h3>
          {assets(wallet.balances.map((b) => [b.asset, b.amount]))}
          <h3>{t.backpack}</h3>
          {wallet.backpack.length === 0 ? <p>{t.backpackEmpty}</p> : assets(wallet.backpack.map((b) => [b.asset, b.quantity]))}
          <h3>{t.ledger}</h3>
          {wallet.total === 0 ? (
            <p>{t.ledgerEmpty}</p>
          ) : (
            <>
              <DataTable columns={Object.values(t.columns)}>
                {wallet.ledger.map((row) => (
                  <tr key={row.id}>
                    <td>{new Date(row.at).toLocaleString()}</td>
                    <td>{assetName(row.asset)}</td>
                    <td>{row.delta > 0 ? `+${row.delta}` : row.delta}</td>
                    <td>{row.reason}</td>
                    <td className="code">{row.reference}</td>
                  </tr>
                ))}
              </DataTable>
              <Pager label={t.ledger} page={page} pages={pages} total={wallet.total} onPage={setPage} />
            </>
          )}
        </>
      )}
      <button type="button" className="secondary" onClick={onClose}>
        {t.close}
      </button>
    </section>
  );
}
