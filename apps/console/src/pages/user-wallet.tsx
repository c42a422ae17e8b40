import { useEffect, useRef, useState } from 'react';
import { consoleUserWalletPath, type UserWallet } from '@vsp/contract/endpoints/console-operations';
import { api, errorText } from '../api/api';
import { OPERATIONS_TEXTS } from '../texts-operations';
import { DataTable } from './data-table';
import { LoadState } from './status';
import { assetName } from '../asset-names';

const PAGE_SIZE = 20;

/** A user's balances, backpack and ledger (newest first, a page at a time). */
export function UserWalletPanel({ uid, userName, onClose }: { uid: number; userName: string; onClose: () => void }) {
  const t = OPERATIONS_TEXTS.wallet;
  const [request, setRequest] = useState({ page: 1, attempt: 0 });
  const [state, setState] = useState<{ data?: UserWallet; error?: string; loading: boolean }>({ loading: true });
  const page = request.page;

  useEffect(() => {
    let current = true;
    api.get(consoleUserWalletPath, { query: { uid, page: request.page, pageSize: PAGE_SIZE } }).then(
      (data) => current && setState({ data, loading: false }),
      (error: unknown) => current && setState({ error: errorText(error), loading: false }),
    );
    return () => {
      current = false;
    };
  }, [uid, request]);

  const goTo = (next: number) => {
    setState((s) => ({ ...s, loading: true, error: undefined }));
    setRequest((r) => ({ page: next, attempt: r.attempt + 1 }));
  };
  const load = () => goTo(page);

  const wallet = state.data;
  const panel = useRef<HTMLElement>(null);
  // Opening the panel moves focus to it, so keyboard and screen-reader users land on what opened.
  useEffect(() => panel.current?.focus(), []);
  const pages = wallet ? Math.max(1, Math.ceil(wallet.total / wallet.pageSize)) : 1;
  const headingId = `wallet-heading-${uid}`;

  return (
    <section aria-labelledby={headingId} ref={panel} className="panel" tabIndex={-1} id={`wallet-${uid}`}>
      <h2 id={headingId}>{t.heading(userName, uid)}</h2>
      <LoadState loading={state.loading} error={state.error} onRetry={load} />
      {wallet && (
        <>
          <h3>{t.balances}</h3>
          <DataTable columns={Object.values(t.assetColumns)}>
            {wallet.balances.map((b) => (
              <tr key={b.asset}>
                <td>{assetName(b.asset)}</td>
                <td>{b.amount}</td>
              </tr>
            ))}
          </DataTable>
          <h3>{t.backpack}</h3>
          {wallet.backpack.length === 0 ? (
            <p>{t.backpackEmpty}</p>
          ) : (
            <DataTable columns={Object.values(t.assetColumns)}>
              {wallet.backpack.map((b) => (
                <tr key={b.asset}>
                  <td>{assetName(b.asset)}</td>
                  <td>{b.quantity}</td>
                </tr>
              ))}
            </DataTable>
          )}
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
              <nav className="row" aria-label={t.ledger}>
                <button type="button" disabled={page <= 1 || state.loading} onClick={() => goTo(page - 1)}>
                  {t.previous}
                </button>
                <span role="status">{t.page(wallet.page, pages, wallet.total)}</span>
                <button type="button" disabled={page >= pages || state.loading} onClick={() => goTo(page + 1)}>
                  {t.next}
                </button>
              </nav>
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
