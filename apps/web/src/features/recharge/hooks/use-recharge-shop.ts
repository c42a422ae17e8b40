import { useCallback, useEffect, useState } from 'react';
import type { RechargeAccount, RechargeCatalogue, RechargeStatus } from '@vsp/contract/endpoints/recharge';
import { createOrder, fetchCatalogue, fetchRechargeStatus, newIdempotencyKey } from '../api/recharge-api';
import { payOrderStore } from './pay-order-store';

/** The visitor's country from the browser locale ("ms-MY" -> "MY"), if it names one. */
export function browserCountry(): string | undefined {
  const tags = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of tags) {
    const region = /^[a-z]{2,3}[-_]([A-Z]{2})\b/i.exec(tag)?.[1];
    if (region) return region.toUpperCase();
  }
  return undefined;
}

export type CatalogueState = { phase: 'idle' | 'loading' } | { phase: 'ready'; catalogue: RechargeCatalogue } | { phase: 'error'; error: unknown };

/** The maintenance switches, fetched once per page view. */
export function useRechargeStatus() {
  const [status, setStatus] = useState<RechargeStatus | null>(null);
  useEffect(() => {
    let alive = true;
    fetchRechargeStatus().then(
      (s) => alive && setStatus(s),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  return status;
}

/** Catalogue loading for an account and country, and order submission that hands over to the gateway. */
export function useRechargeShop(account: RechargeAccount | null) {
  const [country, setCountry] = useState<string | undefined>(browserCountry);
  const [catalogue, setCatalogue] = useState<CatalogueState>({ phase: 'idle' });
  const [submitting, setSubmitting] = useState<'creating' | 'redirecting' | null>(null);

  const load = useCallback(async () => {
    if (!account) return;
    setCatalogue({ phase: 'loading' });
    try {
      setCatalogue({ phase: 'ready', catalogue: await fetchCatalogue(country, account.uid) });
    } catch (error) {
      setCatalogue({ phase: 'error', error });
    }
  }, [account, country]);

  /** Creates the order, remembers it as the pay order, and goes to the checkout. */
  const submit = useCallback(
    async (input: { kind: 'product' | 'gift_pack'; itemId: number; paymentMethodId: number; email?: string; lang: string }) => {
      if (!account) return;
      setSubmitting('creating');
      try {
        const order = await createOrder({
          uid: account.uid,
          kind: input.kind,
          itemId: input.itemId,
          paymentMethodId: input.paymentMethodId,
          idempotencyKey: newIdempotencyKey(),
          returnPath: window.location.pathname,
          ...(input.email ? { email: input.email } : {}),
        });
        payOrderStore.save({ orderNo: order.orderNo, uid: account.uid, nickname: account.nickname, kind: input.kind, startedAt: Date.now() });
        if (order.checkoutUrl) {
          setSubmitting('redirecting');
          const url = new URL(order.checkoutUrl, window.location.origin);
          url.searchParams.set('lang', input.lang);
          window.location.assign(url.toString());
        }
        return order;
      } finally {
        setSubmitting((s) => (s === 'redirecting' ? s : null));
      }
    },
    [account],
  );

  return { country, setCountry, catalogue: account ? catalogue : ({ phase: 'idle' } as CatalogueState), load, submit, submitting };
}
