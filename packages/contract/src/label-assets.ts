import type { LanguageCode } from './language-codes';

/**
 * The label catalogue as published assets (spec section 7, calls 6 and 7), without TypeBox so that
 * the website can import the paths and types; the schemas live in endpoints/labels.ts.
 */

/** The website is the platform "meta-home"; its label version travels as META_HOME_VERSION. */
export const LABEL_PLATFORM = 'meta-home' as const;

/** Call 6: catalogue version, per-platform label versions and the language codes. */
export const languageConfigPath = '/language/config/config.json';
/** Call 7: every label entry with all its texts (the operator's and the spec's full list). */
export const labelListPath = `/language/${LABEL_PLATFORM}/label.json`;
/** One language's texts as a flat key -> text map: what a visitor downloads. */
export const labelTextsPathPattern = `/language/${LABEL_PLATFORM}/:lang.json`;
export function labelTextsPath(lang: LanguageCode): string {
  return `/language/${LABEL_PLATFORM}/${lang}.json`;
}
/** Response header naming the label version of a texts download. */
export const LABEL_VERSION_HEADER = 'x-label-version';

export interface LanguageConfigCode {
  code: LanguageCode;
  name: string;
  browserCodes: string[];
}

export interface LanguageConfig {
  VERSION: number;
  META_HOME_VERSION: number;
  codes: LanguageConfigCode[];
}

/** A label entry as label.json lists it: key, describe and one field per language. */
export type PublishedLabelEntry = { key: string; describe: string } & Record<LanguageCode, string>;

export type LabelTexts = Record<string, string>;
