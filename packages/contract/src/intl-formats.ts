import { intlLocale } from './languages';

/**
 * The one way to get Intl's formatters for one of our languages (decision 0175). Building one loads
 * and compiles the locale's patterns (a date-and-time formatter took about 40 ms of a slow phone's
 * CPU while the top-up page was being taken over), so each is built the first time a text needs it
 * and kept for the life of the page or process. Ask for it where a value is formatted, not at the
 * top of a render: a page that shows no date then never builds a date formatter.
 */

type Kept = Intl.DateTimeFormat | Intl.NumberFormat | Intl.DisplayNames | Intl.ListFormat | Intl.PluralRules | Intl.Segmenter;
const kept = new Map<string, Kept>();

function keep<T extends Kept>(kind: string, lang: string, options: object | undefined, build: (locale: string) => T): T {
  const key = `${kind}|${lang}|${options ? JSON.stringify(options) : ''}`;
  let formatter = kept.get(key) as T | undefined;
  if (!formatter) {
    formatter = build(intlLocale(lang));
    kept.set(key, formatter);
  }
  return formatter;
}

/** A day, "29 November 2026". */
export const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'long' };
/** A day that begins and ends at UTC midnight (limits, periods), named the same for everyone. */
export const UTC_DAY: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeZone: 'UTC' };
/** A moment in the reader's time zone, "29 Nov 2026, 15:30". */
export const MOMENT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
/** A moment at a UTC boundary (a limit resets), so everyone reads the same time. */
export const UTC_MOMENT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' };

/** Dates and times in `lang` (a language code of ours, or a BCP 47 tag); DAY, MOMENT and their UTC forms are the usual shapes. */
export function dateTimeFormat(lang: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return keep('date', lang, options, (locale) => new Intl.DateTimeFormat(locale, options));
}

/** Numbers and amounts of money in `lang`. */
export function numberFormat(lang: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return keep('number', lang, options, (locale) => new Intl.NumberFormat(locale, options));
}

/** Country and region names in `lang` (`MY` -> "Malaysia"). */
export function regionNames(lang: string): Intl.DisplayNames {
  return keep('region', lang, undefined, (locale) => new Intl.DisplayNames([locale], { type: 'region' }));
}

/** "a, b and c" in `lang`. */
export function listFormat(lang: string, options?: Intl.ListFormatOptions): Intl.ListFormat {
  return keep('list', lang, options, (locale) => new Intl.ListFormat(locale, options));
}

/** The plural categories of `lang` (`one`, `few`, `other`...), for counted texts. */
export function pluralRules(lang: string): Intl.PluralRules {
  return keep('plural', lang, undefined, (locale) => new Intl.PluralRules(locale));
}

/** Splits a text into what a reader sees as one character each (an emoji or a combined letter stays whole). */
export function graphemes(lang: string): Intl.Segmenter {
  return keep('graphemes', lang, undefined, (locale) => new Intl.Segmenter(locale, { granularity: 'grapheme' }));
}
