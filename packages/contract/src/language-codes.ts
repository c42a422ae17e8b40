/**
 * The 12 interface languages (spec section 1), in their own module so that a client can name them
 * without bundling the error catalogue's texts.
 */
export const LANGUAGE_CODES = ['en', 'zh-Hans', 'zh-Hant', 'ms', 'in', 'ar', 'vi', 'th', 'tl', 'hi', 'ko', 'tr'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export type LocalizedText = Readonly<Record<LanguageCode, string>>;
