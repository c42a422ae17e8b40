import { REGIONAL_COUNTRIES } from './constants';

/** Call 5: the visitor's country, as text whose first pipe-separated part is the country name. */
export const localIpPath = '/v2/local/ip';

export interface CountryAnswer {
  /** English country name ('Egypt'), empty when unknown. */
  name: string;
  /** ISO 3166-1 alpha-2 code ('EG'), empty when unknown. */
  iso: string;
  ip: string;
}

/** `Egypt|EG|41.32.0.1`; an unknown country leaves the first two parts empty. */
export function formatCountryAnswer(answer: CountryAnswer): string {
  return [answer.name, answer.iso, answer.ip].map((part) => part.replace(/\|/g, '')).join('|');
}

/** The country name of an answer: its first pipe-separated part, trimmed. */
export function countryNameOf(answer: string): string {
  return (answer.split('|')[0] ?? '').trim();
}

/** Whether visitors from this country go to the regional site (spec section 1). */
export function isRegionalCountry(name: string): boolean {
  return (REGIONAL_COUNTRIES as readonly string[]).includes(name);
}
