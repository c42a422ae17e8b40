import { useRef, useState, type FormEvent } from 'react';
import {
  consoleOrderPath,
  consoleOrderRecheckPath,
  consoleOrderSearchPath,
  type OrderDetail,
} from '@vsp/contract/endpoints/console-operations';
import type { Order } from '@vsp/contract/endpoints/recharge';
import { currencyExponent } from '@vsp/contract/wallet-assets';
import { api, errorText } from '../api/api';
import { TEXTS } from '../texts';
import { OPERATIONS_TEXTS } from '../texts-operations';
import { DataTable } from './data-table';
import { ActionMessage } from './status';
import { contentsText } from '../asset-names';

type Message = { text: string; error?: boolean } | null;

export function formatPrice(minor: number, currency: string): string {
  const digits = currencyExponent(currency);
  return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
}

/** One order's timeline and the manual re-check with its payment provider. */
function OrderTimeline({ detail, onChanged, onClose }: { detail: OrderDetail; onChanged: (detail: OrderDetail) => void; onClose: () => void }) {
  const t = OPERATIONS_TEXTS.orders;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const { order } = detail;

  async function recheck() {
    setBusy(true);
    setMessage({ text: t.rechecking });
    try {
      const result = await api.post(consoleOrderRecheckPath, { body: { orderNo: order.orderNo } });
      onChanged(result.detail);
      setMessage({ text: t.recheckDone(result.providerState, result.outcome) });
    } catch (e) {
      setMessage({ text: TEXTS.common.failed(errorText(e)), error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="timeline-heading" className="panel" tabIndex={-1} id="order-timeline">
      <h2 id="timeline-heading">{t.timelineHeading(order.orderNo)}</h2>
      <p className="muted">{t.provider(detail.provider)}</p>
      <DataTable columns={Object.values(t.timelineColumns)}>
        {detail.timeline.map((event, index) => (
          <tr key={`${event.kind}-${index}`}>
            <td>{event.at === null ? t.noTime : new Date(event.at).toLocaleString()}</td>
            <td>{t.kinds[event.kind] ?? event.kind}</td>
            <td className="code">{event.assets.length > 0 ? `${contentsText(event.assets)} ${event.detail}` : event.detail}</td>
          </tr>
        ))}
      </DataTable>
      <div className="row">
        <button type="button" disabled={busy} onClick={() => void recheck()}>
          {t.recheck}
        </button>
        <button type="button" className="secondary" onClick={onClose}>
          {t.close}
        </button>
      </div>
      <ActionMessage message={message} />
    </section>
  );
}

/** Orders by order number or account ID, each with its timeline (issue 10, "answer payers"). */
export function OrdersPage() {
  const t = OPERATIONS_TEXTS.orders;
  const [query, setQuery] = useState('');
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [detail, setDetail] = useState<OrderDetail | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const timelineOpener = useRef<HTMLButtonElement | null>(null);

  async function search(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage({ text: t.searching });
    setDetail(null);
    try {
      const found = (await api.get(consoleOrderSearchPath, { query: { q: query.trim() } })).orders;
      setOrders(found);
      setMessage(null);
    } catch (e) {
      setMessage({ text: TEXTS.common.failed(errorText(e)), error: true });
    } finally {
      setBusy(false);
    }
  }

  async function open(order: Order, button: HTMLButtonElement) {
    timelineOpener.current = button;
    setBusy(true);
    try {
      setDetail(await api.get(consoleOrderPath, { query: { orderNo: order.orderNo } }));
      setMessage(null);
      // Move focus to the timeline so keyboard and screen-reader users land on what opened.
      requestAnimationFrame(() => document.getElementById('order-timeline')?.focus());
    } catch (e) {
      setMessage({ text: TEXTS.common.failed(errorText(e)), error: true });
    } finally {
      setBusy(false);
    }
  }

  function changed(next: OrderDetail) {
    setDetail(next);
    setOrders((list) => list?.map((o) => (o.orderNo === next.order.orderNo ? next.order : o)) ?? null);
  }

  function close() {
    setDetail(null);
    timelineOpener.current?.focus();
  }

  return (
    <section aria-labelledby="orders-heading">
      <h1 id="orders-heading">{t.heading}</h1>
      <form role="search" onSubmit={(e) => void search(e)} className="row">
        <label htmlFor="order-query" className="visually-hidden">
          {t.search}
        </label>
        <input id="order-query" placeholder={t.search} required maxLength={40} value={query} onChange={(e) => setQuery(e.target.value)} />
        <button type="submit" disabled={busy}>
          {t.submit}
        </button>
      </form>
      <ActionMessage message={message} />
      {orders && orders.length === 0 && <p>{t.none}</p>}
      {orders && orders.length > 0 && (
        <DataTable columns={Object.values(t.columns)}>
          {orders.map((order) => (
            <tr key={order.orderNo}>
              <td className="code">{order.orderNo}</td>
              <td>{order.uid}</td>
              <td>{contentsText(order.contents)}</td>
              <td>{formatPrice(order.priceMinor, order.currency)}</td>
              <td>{order.paymentMethod}</td>
              <td>{order.status}</td>
              <td>{new Date(order.createdAt).toLocaleString()}</td>
              <td>
                <button type="button" disabled={busy} aria-label={t.show(order.orderNo)} onClick={(e) => void open(order, e.currentTarget)}>
                  {t.showShort}
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {detail && <OrderTimeline key={detail.order.orderNo} detail={detail} onChanged={changed} onClose={close} />}
    </section>
  );
}
