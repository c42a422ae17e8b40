import { APP_ID_CREDENTIAL, APP_ID_DEFAULT, RANDOM_DIGITS_CREDENTIAL, RANDOM_DIGITS_DEFAULT } from './constants';
import { md5Hex } from './md5';

/**
 * Request signing of spec section 7. Every signed request carries appId, timestamp (ms), random
 * (6 digits; 4 for the credential call) and sign = MD5 over the sorted non-empty params plus the
 * app's secret. The web client's secret is public, so a sign is tamper evidence, never authorisation.
 */

export type ParamValue = string | number | boolean | null | undefined | object;
export type Params = Record<string, ParamValue>;

export interface SignedFields {
  appId: number;
  timestamp: number;
  random: string;
  sign: string;
}

export const SIGNED_FIELD_NAMES = ['appId', 'timestamp', 'random', 'sign'] as const;

/** Empty strings, null and undefined are not sent and not signed. */
export function isEmptyParam(value: ParamValue): value is '' | null | undefined {
  return value === '' || value === null || value === undefined;
}

export function stripEmpty<T extends Params>(params: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(params)) {
    if (!isEmptyParam(value)) (out as Params)[key] = value;
  }
  return out;
}

function paramText(value: ParamValue): string {
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** `a=1&b=x` over the non-empty params except `sign`, keys in code-unit order. */
export function canonicalString(params: Params): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && !isEmptyParam(params[key]))
    .sort()
    .map((key) => `${key}=${paramText(params[key])}`)
    .join('&');
}

export function computeSign(params: Params, secret: string): string {
  return md5Hex(`${canonicalString(params)}&secret=${secret}`);
}

export function randomDigits(count: number): string {
  const bytes = new Uint32Array(count);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => String(b % 10)).join('');
}

export interface SignOptions {
  secret: string;
  /** 1004 for ordinary calls; 1000 (with a 4-digit random) for the upload credential call. */
  appId?: number;
  now?: number;
  random?: string;
}

export function signParams<T extends Params>(params: T, options: SignOptions): Partial<T> & SignedFields {
  const appId = options.appId ?? APP_ID_DEFAULT;
  const digits = appId === APP_ID_CREDENTIAL ? RANDOM_DIGITS_CREDENTIAL : RANDOM_DIGITS_DEFAULT;
  const base = {
    ...stripEmpty(params),
    appId,
    timestamp: options.now ?? Date.now(),
    random: options.random ?? randomDigits(digits),
  };
  return { ...base, sign: computeSign(base, options.secret) } as Partial<T> & SignedFields;
}

/** Constant-time comparison of any two strings (signs, MACs, tokens, bearer secrets); only a length difference shows in its time. */
export function signsEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
