import { NetworkError } from '@vsp/api-client/api-client';
import { AppError, fillParams, type ErrorParams } from '@vsp/contract/app-error';
import type { LanguageCode } from '@vsp/contract/language-codes';
import { UTC_DAY, dateTimeFormat } from '@vsp/contract/intl-formats';

/**
 * What the user reads for a failed call: the label `error.<code>` in their language (the label
 * catalogue publishes the error catalogue's texts, English where a language has none), the network
 * text when no answer came, and the word 'Error' when nothing is found (spec section 8).
 */
export function errorMessage(error: unknown, lang: LanguageCode, label: (key: string) => string): string {
  if (error instanceof AppError) return codeMessage(error.code, label, localDates(error.params, lang)) ?? 'Error';
  if (error instanceof NetworkError) return label(error.reason === 'timeout' ? 'http.timeout' : 'http.network_error');
  return 'Error';
}

/** A calendar date the server names (`2026-12-01`, e.g. when a limit lifts), written in the page's language. */
function localDates(params: ErrorParams | undefined, lang: LanguageCode): ErrorParams | undefined {
  if (!params) return params;
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? dateTimeFormat(lang, UTC_DAY).format(new Date(`${value}T00:00:00Z`)) : value]));
}

/**
 * The text for a catalogue code in the page's language, from the label catalogue (`error.<code>`)
 * rather than the contract's 12-language table, which stays off the website's bundle. `undefined`
 * when no label holds the code.
 */
export function codeMessage(code: number, label: (key: string) => string, params?: ErrorParams): string | undefined {
  const key = `error.${code}`;
  const text = label(key);
  return text && text !== key ? fillParams(text, params) : undefined;
}
