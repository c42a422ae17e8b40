import { numberFormat } from './intl-formats';

/**
 * What a wallet and a backpack hold (spec section 3): the six currencies, counted as integers, and
 * the items a pack can contain. A pack's contents are a list of these with a quantity. Labels
 * `asset.<code>` name each one on screen.
 */

export const CURRENCY_ASSETS = [
  'gold_coins',
  'diamonds',
  'wishing_coins',
  'dressup_diamond_voucher',
  'surprise_points',
  'cosmetic_coupon',
] as const;

export const ITEM_ASSETS = ['gift_package', 'party_hat', 'starry_hair'] as const;

export const ASSETS = [...CURRENCY_ASSETS, ...ITEM_ASSETS] as const;
export type Asset = (typeof ASSETS)[number];

export interface PackLine {
  asset: Asset;
  quantity: number;
}

/** Decimal places of a price currency (ISO 4217 minor units) for the ones we price in. */
const ZERO_DECIMAL_CURRENCIES = new Set(['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'UGX']);

export function currencyExponent(currency: string): number {
  return ZERO_DECIMAL_CURRENCIES.has(currency.toUpperCase()) ? 0 : 2;
}

/** Formats integer minor units in the visitor's locale ("$4.99", "RM 19.90"). */
export function formatPrice(amountMinor: number, currency: string, locale = 'en'): string {
  const digits = currencyExponent(currency);
  const value = amountMinor / 10 ** digits;
  try {
    return numberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  } catch {
    return `${value.toFixed(digits)} ${currency}`;
  }
}
