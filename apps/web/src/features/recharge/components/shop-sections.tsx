import { useState } from 'react';
import { useTranslation, useLanguageCode } from '../../../shared/i18n/use-translation';
import type { GiftPack, PaymentMethod, TopUpProduct } from '@vsp/contract/endpoints/recharge';
import { formatPrice } from '@vsp/contract/wallet-assets';
import { PackContents } from '../../../shared/wallet/pack-contents';
import { UTC_MOMENT, dateTimeFormat, numberFormat } from '@vsp/contract/intl-formats';

/** Step 2: the payment methods, featured first and the rest behind "more payment methods". */
export function PaymentMethods({ methods, selected, onSelect }: { methods: readonly PaymentMethod[]; selected: number | null; onSelect: (id: number) => void }) {
  const { t } = useTranslation();
  const [showAll, setShowAll] = useState(false);
  const featured = methods.filter((m) => m.featured);
  const shown = showAll || featured.length === 0 ? methods : featured;
  const hiddenSelected = !showAll && selected !== null && !shown.some((m) => m.id === selected);
  if (methods.length === 0) return <p className="recharge-empty">{t('recharge.noPaymentMethod')}</p>;
  return (
    <fieldset className="choice-group">
      <legend>{t('recharge.choosePaymentMethod')}</legend>
      <div className="choice-grid choice-grid--methods">
        {(hiddenSelected ? methods : shown).map((method) => (
          <label key={method.id} className="choice-card" data-testid="payment-method">
            <input type="radio" name="payment-method" value={method.id} checked={selected === method.id} onChange={() => onSelect(method.id)} />
            <span className="choice-card__title">{method.name}</span>
          </label>
        ))}
      </div>
      {!showAll && shown.length < methods.length && !hiddenSelected && (
        <button type="button" className="link-button" onClick={() => setShowAll(true)} data-testid="more-payment-methods">
          {t('recharge.morePaymentMethod')}
        </button>
      )}
    </fieldset>
  );
}

/** Step 3: the recharge amounts, each with its bonus and price. */
export function ProductGrid({ products, selected, onSelect }: { products: readonly TopUpProduct[]; selected: number | null; onSelect: (id: number) => void }) {
  const { t } = useTranslation();
  const lang = useLanguageCode();
  return (
    <fieldset className="choice-group">
      <legend>{t('recharge.amount.title')}</legend>
      <div className="choice-grid">
        {products.map((product) => (
          <label key={product.id} className="choice-card choice-card--product" data-testid="product">
            <input type="radio" name="product" value={product.id} checked={selected === product.id} onChange={() => onSelect(product.id)} />
            <span className="choice-card__title">
              <bdi>{numberFormat(lang).format(product.amount)}</bdi> {t(`asset.${product.asset}`)}
            </span>
            {product.bonus > 0 && <span className="choice-card__bonus">{t('recharge.info.give', { count: numberFormat(lang).format(product.bonus) })}</span>}
            <span className="choice-card__price">{formatPrice(product.priceMinor, product.currency, lang)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Step 4: gift packs with name, contents, "Limit" and Buy Now. */
export function GiftPacks({ packs, onBuy, disabled }: { packs: readonly GiftPack[]; onBuy: (pack: GiftPack) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguageCode();
  return (
    <section className="gift-packs" aria-labelledby="gift-packs-title">
      <h2 id="gift-packs-title">{t('recharge.packs.title')}</h2>
      <p className="recharge-muted">{t('recharge.info.gift.desc')}</p>
      {packs.length === 0 ? (
        <p className="recharge-empty">{t('recharge.gift.order.null')}</p>
      ) : (
        <ul className="gift-pack-list">
          {packs.map((pack) => {
            const soldOut = pack.purchased >= pack.limit;
            return (
              <li key={pack.id} className="gift-pack" data-testid="gift-pack">
                <p className="gift-pack__label">{t('recharge.info.gift_name')}</p>
                <h3 className="gift-pack__name">{pack.name[lang] ?? pack.name.en}</h3>
                <p className="gift-pack__label">{t('recharge.info.gift_info')}</p>
                <PackContents contents={pack.contents} />
                <p className="gift-pack__limit" data-testid="gift-pack-limit">
                  {pack.limitPeriod === 'once' ? t('recharge.box.limit', { count: pack.limit }) : t(`recharge.box.limit.${pack.limitPeriod}`, { count: pack.limit })} ·{' '}
                  {t('recharge.box.bought', { count: pack.purchased, limit: pack.limit })}
                  {pack.resetsAt && (
                    <>
                      {' · '}
                      <span data-testid="gift-pack-resets">{t('recharge.box.resets', { date: dateTimeFormat(lang, UTC_MOMENT).format(new Date(pack.resetsAt)) })}</span>
                    </>
                  )}
                </p>
                <div className="gift-pack__buy">
                  <span className="choice-card__price">{formatPrice(pack.priceMinor, pack.currency, lang)}</span>
                  <button type="button" className="primary-button" disabled={disabled || soldOut} onClick={() => onBuy(pack)} data-testid="gift-pack-buy">
                    {soldOut ? t('recharge.box.soldOut') : t('recharge.buyText')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
