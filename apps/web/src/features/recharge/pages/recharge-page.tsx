import { regionNames } from '@vsp/contract/intl-formats';
import { useId, useState } from 'react';
import { useTranslation, useLanguageCode } from '../../../shared/i18n/use-translation';
import { Link } from 'react-router';
import { sitePaths } from '@vsp/contract/site-paths';
import type { GiftPack } from '@vsp/contract/endpoints/recharge';
import { FORM_PAGES } from '@vsp/contract/page-forms';
import { formatPrice } from '@vsp/contract/wallet-assets';
import { AccountBadge } from '../../../shared/account/account-badge';
import { AccountIdField } from '../../../shared/account/account-id-field';
import { useErrorText } from '../../../shared/http/use-error-text';
import { usePageFormAnswer } from '../../../shared/page-form/page-form-answer';
import { useOwnAccount } from '../../../shared/session/use-own-account';
import { useSession } from '../../../shared/session/session-store';
import { useToast } from '../../../shared/ui/toast';
import { Dialog } from '../../../shared/ui/dialog';
import { IosNoticePopup, MaintenanceBanner } from '../components/maintenance-notices';
import { OrderLookup } from '../components/order-lookup';
import { OrderProgress } from '../components/order-progress';
import { GiftPacks, PaymentMethods, ProductGrid } from '../components/shop-sections';
import { useRememberedPayOrder, type PayOrder } from '../hooks/pay-order-store';
import { useRechargeFlow } from '../hooks/use-recharge-flow';
import { useRechargeStatus } from '../api/get-recharge-status';
import { useRechargeShop } from '../hooks/use-recharge-shop';
import '../components/recharge.css';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface PendingPurchase {
  kind: 'product' | 'gift_pack';
  itemId: number;
  itemText: string;
  priceText: string;
}

/**
 * The top-up page (spec section 2): 1 account ID, 2 next step and payment method, 3 amount with
 * total and confirmation, 4 gift packs, 5 submission, inquiry, success or timeout; plus the
 * maintenance banner, the iOS popup and an order lookup. `legacy` renders the classic one-column
 * page on the same flow.
 */
function RechargeScreen({ legacy, remembered }: { legacy: boolean; remembered: PayOrder | null }) {
  const { t } = useTranslation();
  const lang = useLanguageCode();
  const toast = useToast();
  const errorText = useErrorText();
  const status = useRechargeStatus();
  const signedIn = useSession() !== null;
  const flow = useRechargeFlow(remembered, usePageFormAnswer('account-check')?.account ?? null);
  const [shopOpen, setShopOpen] = useState(false);
  const inOrder = flow.orderNo !== null;
  const shop = useRechargeShop(flow.account, shopOpen && !inOrder);
  const [methodId, setMethodId] = useState<number | null>(null);
  const [productId, setProductId] = useState<number | null>(null);
  // A signed-in payer's receipt goes to their own address unless they type another (or clear it).
  const ownEmail = useOwnAccount().data?.email ?? '';
  const [typedEmail, setEmail] = useState<string | null>(null);
  const email = typedEmail ?? ownEmail;
  const [pending, setPending] = useState<PendingPurchase | null>(null);
  const emailId = useId();
  const countryId = useId();

  const catalogue = shop.catalogue.phase === 'ready' ? shop.catalogue.catalogue : null;
  // The first method is chosen until the payer picks another.
  const method = catalogue?.paymentMethods.find((m) => m.id === methodId) ?? catalogue?.paymentMethods[0] ?? null;
  const product = catalogue?.products.find((p) => p.id === productId) ?? null;

  function onAccount(account: Parameters<typeof flow.setAccount>[0]) {
    flow.setAccount(account);
    setShopOpen(legacy && account !== null);
  }

  function ask(kind: PendingPurchase['kind'], itemId: number | null, itemText: string, priceText: string) {
    if (!method) return toast.show(t('recharge.method.required'), 'error');
    if (itemId === null) return toast.show(t('recharge.amount.required'), 'error');
    if (email.trim() && !EMAIL.test(email.trim())) return toast.show(t('recharge.email.invalid'), 'error');
    setPending({ kind, itemId, itemText, priceText });
  }

  function buyPack(pack: GiftPack) {
    ask('gift_pack', pack.id, pack.name[lang] ?? pack.name.en ?? '', formatPrice(pack.priceMinor, pack.currency, lang));
  }

  async function confirmPurchase() {
    if (!pending || !method) return;
    const purchase = pending;
    setPending(null);
    try {
      await shop.submit({ kind: purchase.kind, itemId: purchase.itemId, paymentMethodId: method.id, lang, ...(email.trim() ? { email: email.trim() } : {}) });
    } catch (error) {
      toast.show(errorText(error), 'error');
    }
  }

  const productText = product ? `${product.amount + product.bonus} ${t(`asset.${product.asset}`)}` : t('recharge.summary.none');
  const busy = shop.submitting !== null;

  return (
    <section className={`page recharge-page${legacy ? ' recharge-page--legacy' : ''}`} data-testid={legacy ? 'legacy-recharge-page' : 'recharge-page'}>
      <IosNoticePopup status={status} />
      <MaintenanceBanner status={status} />
      <h1>{legacy ? t('recharge.legacy.title') : t('recharge.title')}</h1>

      <div className="recharge-step">
        <AccountIdField account={flow.account} onVerified={onAccount} disabled={inOrder || busy} page={FORM_PAGES.topUp} />
        {flow.account && !shopOpen && !inOrder && (
          <>
            <button type="button" className="primary-button recharge-next" onClick={() => setShopOpen(true)} data-testid="next-step">
              {t('recharge.nextStep')}
            </button>
            {/* The account was checked by a plain form post (decision 0144); paying needs the app. */}
            <noscript>
              <p className="recharge-muted" data-testid="next-step-needs-scripts">
                {t('recharge.nextStep.needsScripts')}
              </p>
            </noscript>
          </>
        )}
      </div>

      {inOrder ? (
        <OrderProgress
          orderNo={flow.orderNo}
          state={flow.inquiry}
          onContinue={flow.continueChecking}
          onNewTopUp={() => {
            flow.startOver();
            setShopOpen(Boolean(flow.account));
          }}
        />
      ) : (
        flow.account &&
        shopOpen && (
          <div className="recharge-shop">
            {shop.catalogue.phase === 'loading' || shop.catalogue.phase === 'idle' ? (
              <p className="recharge-loading" role="status" data-testid="payment-loading">
                <span className="spinner" aria-hidden="true" /> {t('recharge.paymentMethodLoading')}
              </p>
            ) : shop.catalogue.phase === 'error' ? (
              <div className="recharge-error" role="alert">
                <p>{t('recharge.loadFailed')}</p>
                <p className="recharge-muted">{errorText(shop.catalogue.error)}</p>
                <button type="button" className="secondary-button" onClick={shop.reload}>
                  {t('recharge.retry')}
                </button>
              </div>
            ) : (
              catalogue && (
                <>
                  <label className="recharge-country" htmlFor={countryId}>
                    <span>{t('recharge.country')}</span>
                    <select id={countryId} value={catalogue.country === '*' ? '' : catalogue.country} onChange={(e) => shop.setCountry(e.target.value || undefined)}>
                      <option value="">{t('recharge.country.other')}</option>
                      {catalogue.countries.map((code) => (
                        <option key={code} value={code}>
                          {regionNames(lang).of(code) ?? code}
                        </option>
                      ))}
                    </select>
                  </label>
                  <PaymentMethods methods={catalogue.paymentMethods} selected={method?.id ?? null} onSelect={setMethodId} />
                  <ProductGrid products={catalogue.products} selected={productId} onSelect={setProductId} />
                  <section className="order-summary" aria-labelledby="summary-title" data-testid="order-summary">
                    <h2 id="summary-title">{t('recharge.summary.title')}</h2>
                    <dl>
                      <dt>{t('recharge.summary.account')}</dt>
                      <dd>
                        {flow.account.nickname} (<bdi>{flow.account.uid}</bdi>)
                      </dd>
                      <dt>{t('recharge.summary.amount')}</dt>
                      <dd data-testid="summary-amount">{productText}</dd>
                      <dt>{t('recharge.summary.total')}</dt>
                      <dd data-testid="summary-total">{product ? formatPrice(product.priceMinor, product.currency, lang) : t('recharge.summary.none')}</dd>
                      <dt>{t('recharge.summary.method')}</dt>
                      <dd data-testid="summary-method">{method?.name ?? t('recharge.summary.none')}</dd>
                    </dl>
                    <label htmlFor={emailId} className="recharge-email">
                      <span>{t('recharge.email')}</span>
                      <input id={emailId} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
                    </label>
                    <button
                      type="button"
                      className="primary-button"
                      disabled={busy}
                      onClick={() => ask('product', product?.id ?? null, productText, product ? formatPrice(product.priceMinor, product.currency, lang) : '')}
                      data-testid="pay"
                    >
                      {t('recharge.pay')}
                    </button>
                  </section>
                  <GiftPacks packs={catalogue.giftPacks} onBuy={buyPack} disabled={busy} />
                </>
              )
            )}
            {busy && (
              <p className="recharge-loading" role="status" data-testid="order-loading">
                <span className="spinner" aria-hidden="true" /> {shop.submitting === 'creating' ? t('recharge.order.loading') : t('recharge.order.redirecting')}
              </p>
            )}
          </div>
        )
      )}

      <Dialog
        open={pending !== null}
        title={t('recharge.confirm.title')}
        description={
          pending && flow.account
            ? t('recharge.confirm.body', { item: pending.itemText, uid: flow.account.uid, nickname: flow.account.nickname, price: pending.priceText, method: method?.name ?? '' })
            : undefined
        }
        onClose={() => setPending(null)}
        dismissible={false}
        testId="confirm-dialog"
        // Who receives the currency, once more before paying (issue 19).
        children={
          flow.account ? (
            <div className="confirm-recipient" data-testid="confirm-recipient">
              <p className="confirm-recipient__label">{t('recharge.confirm.recipient')}</p>
              <AccountBadge account={flow.account} />
            </div>
          ) : null
        }
        actions={
          <>
            <button type="button" className="primary-button" onClick={() => void confirmPurchase()} autoFocus data-testid="confirm-order">
              {t('recharge.userInput.confirm')}
            </button>
            <button type="button" className="secondary-button" onClick={() => setPending(null)}>
              {t('common.cancel')}
            </button>
          </>
        }
      />

      <OrderLookup />
      {signedIn && (
        <Link to={sitePaths.orders} className="recharge-orders-link" data-testid="my-orders-link">
          {t('orders.link')}
        </Link>
      )}
    </section>
  );
}

/** The screen starts with the order the payer left for the gateway (none in the prerendered page, then the one remembered). */
function RechargeScreenResuming({ legacy }: { legacy: boolean }) {
  const remembered = useRememberedPayOrder();
  return <RechargeScreen key={remembered?.orderNo ?? ''} legacy={legacy} remembered={remembered} />;
}

export function RechargePage() {
  return <RechargeScreenResuming legacy={false} />;
}

/** The classic (legacy) page: the same flow in one column, shop shown right after verification. */
export function LegacyRechargePage() {
  return <RechargeScreenResuming legacy />;
}
