import { dateTimeFormat, listFormat, numberFormat } from '@vsp/contract/intl-formats';
import { languageEntry, type LanguageCode } from '@vsp/contract/languages';
import { formatPrice, type PackLine } from '@vsp/contract/wallet-assets';
import { LABELS } from '@vsp/labels';
import { formatText, type LabelValues } from '@vsp/labels/format';

const labelsByKey = new Map(LABELS.map((entry) => [entry.key, entry]));

/**
 * Mails show times in UTC, named as such: the server's clock gives the moment, and the player's
 * time zone is not known to the server (the website, which knows it, shows the same moments in it).
 */
export const MAIL_TIME_ZONE = 'UTC';

/**
 * The texts of one mail in one language: labels of the catalogue (a missing key throws, so no mail
 * goes out with a key in it), and prices, item names, numbers and dates formatted as the website
 * formats them. It records the label keys it was asked for, so tests know which texts a mail shows.
 */
export interface MailTexts {
  readonly lang: LanguageCode;
  readonly dir: 'ltr' | 'rtl';
  /** Label keys read so far. */
  readonly used: ReadonlySet<string>;
  t(key: string, values?: LabelValues): string;
  /** "$4.99" in the player's locale (the website's formatPrice). */
  price(amountMinor: number, currency: string): string;
  /** "Diamond ×60" (the asset's label, as the website's pack contents show it). */
  line(line: PackLine): string;
  number(value: number): string;
  /** "A, B and C" in the mail's language. */
  list(items: readonly string[]): string;
  /** A moment: date and time with the zone named. */
  moment(at: Date): string;
  /** A day. */
  day(at: Date): string;
}

export function mailTexts(lang: LanguageCode): MailTexts {
  const used = new Set<string>();
  const numbers = numberFormat(lang);
  const moments = dateTimeFormat(lang, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: MAIL_TIME_ZONE, timeZoneName: 'short' });
  const days = dateTimeFormat(lang, { dateStyle: 'long', timeZone: MAIL_TIME_ZONE });
  const lists = listFormat(lang, { type: 'conjunction' });
  const t = (key: string, values?: LabelValues) => {
    const entry = labelsByKey.get(key);
    if (!entry) throw new Error(`a mail reads the label ${key}, which the catalogue does not have`);
    used.add(key);
    return formatText(entry.text[lang] || entry.text.en, lang, values);
  };
  return {
    lang,
    dir: languageEntry(lang).dir,
    used,
    t,
    price: (amountMinor, currency) => formatPrice(amountMinor, currency, lang),
    line: (line) => `${t(`asset.${line.asset}`)} ×${numbers.format(line.quantity)}`,
    number: (value) => numbers.format(value),
    list: (items) => lists.format(items),
    moment: (at) => moments.format(at),
    day: (at) => days.format(at),
  };
}
