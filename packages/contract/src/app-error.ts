import { ERROR_CATALOGUE, type ErrorCode, type LanguageCode } from './error-catalogue';
import { Errors } from './error-codes';

export type ErrorParams = Readonly<Record<string, string | number>>;

/** A field a request got wrong, named by its JSON path, with the rule it broke. */
export interface FieldIssue {
  field: string;
  rule: string;
}

/**
 * The one error type that crosses the wire: a catalogue code, parameters for its text
 * (`{seconds}`), and for validation failures the fields at fault. The class holds no catalogue
 * text, so that a browser that only compares codes does not load the 12-language table (decision
 * 0116): the server words its answers with errorText and httpStatusOf; a client's AppError keeps
 * the message the server answered with.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: ErrorParams | undefined;
  readonly fields: readonly FieldIssue[] | undefined;

  constructor(code: ErrorCode, options: { params?: ErrorParams; fields?: readonly FieldIssue[]; message?: string; cause?: unknown } = {}) {
    super(options.message ?? `${Object.keys(Errors).find((name) => Errors[name as keyof typeof Errors] === code) ?? 'Error'} (${code})`, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.params = options.params;
    this.fields = options.fields;
  }
}

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'number' && Object.hasOwn(ERROR_CATALOGUE, code);
}

/** The honest HTTP status the server answers a code with. */
export function httpStatusOf(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].httpStatus;
}

export function fillParams(text: string, params: ErrorParams | undefined): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * The text for a code in the visitor's language: that language, else English, else the word
 * 'Error' (spec section 8).
 */
export function errorText(code: number, lang: LanguageCode, params?: ErrorParams): string {
  if (!isErrorCode(code)) return 'Error';
  const texts = ERROR_CATALOGUE[code].text;
  return fillParams(texts[lang] || texts.en || 'Error', params);
}
