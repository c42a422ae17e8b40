import { LANGUAGE_CODES, type LanguageCode } from './language-codes';

export { LANGUAGE_CODES, type LanguageCode };

export interface LanguageEntry {
  /** The language's own name, as the switcher shows it. */
  readonly label: string;
  readonly value: LanguageCode;
  /** Browser language tags (navigator.languages) that choose this language. */
  readonly browserCodes: readonly string[];
  readonly dir: 'ltr' | 'rtl';
}

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export const LANGUAGES: readonly LanguageEntry[] = [
  { label: 'English', value: 'en', browserCodes: ['en', 'en-US', 'en-GB', 'en-AU', 'en-CA', 'en-IN', 'en-SG', 'en-PH'], dir: 'ltr' },
  { label: '简体中文', value: 'zh-Hans', browserCodes: ['zh', 'zh-CN', 'zh-SG', 'zh-Hans', 'zh-Hans-CN', 'zh-MY'], dir: 'ltr' },
  { label: '繁體中文', value: 'zh-Hant', browserCodes: ['zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant', 'zh-Hant-TW', 'zh-Hant-HK'], dir: 'ltr' },
  { label: 'Bahasa Melayu', value: 'ms', browserCodes: ['ms', 'ms-MY', 'ms-SG', 'ms-BN'], dir: 'ltr' },
  { label: 'Bahasa Indonesia', value: 'in', browserCodes: ['id', 'id-ID', 'in', 'in-ID'], dir: 'ltr' },
  { label: 'العربية', value: 'ar', browserCodes: ['ar', 'ar-SA', 'ar-EG', 'ar-AE', 'ar-KW', 'ar-QA', 'ar-BH', 'ar-OM', 'ar-JO', 'ar-IQ', 'ar-SY', 'ar-MA', 'ar-DZ', 'ar-TN', 'ar-LB'], dir: 'rtl' },
  { label: 'Tiếng Việt', value: 'vi', browserCodes: ['vi', 'vi-VN'], dir: 'ltr' },
  { label: 'ไทย', value: 'th', browserCodes: ['th', 'th-TH'], dir: 'ltr' },
  { label: 'Filipino', value: 'tl', browserCodes: ['fil', 'fil-PH', 'tl', 'tl-PH'], dir: 'ltr' },
  { label: 'हिन्दी', value: 'hi', browserCodes: ['hi', 'hi-IN'], dir: 'ltr' },
  { label: '한국어', value: 'ko', browserCodes: ['ko', 'ko-KR'], dir: 'ltr' },
  { label: 'Türkçe', value: 'tr', browserCodes: ['tr', 'tr-TR', 'tr-CY'], dir: 'ltr' },
];

/** The language switcher and the marketing pages offer the first eleven (spec section 1). */
export const SELECTOR_LANGUAGES: readonly LanguageEntry[] = LANGUAGES.slice(0, 11);

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** The Intl locale of a catalogue language: 'in' is Indonesian ('id'), 'tl' is Filipino ('fil'). */
export function intlLocale(lang: string): string {
  return ({ in: 'id', tl: 'fil' } as Record<string, string>)[lang] ?? lang;
}

export function languageEntry(code: LanguageCode): LanguageEntry {
  return LANGUAGES.find((l) => l.value === code) ?? LANGUAGES[0]!;
}

/**
 * Picks the interface language from the browser's preferred tags, in the browser's order: a tag that
 * an entry lists exactly wins; otherwise the entry with the longest listed code that prefixes the tag
 * ('zh-Hant' for 'zh-Hant-MO', 'ar' for 'ar-LY'); English when no tag matches.
 */
export function languageFromBrowserCodes(tags: readonly string[]): LanguageCode {
  for (const raw of tags) {
    const tag = raw.toLowerCase();
    let best: { value: LanguageCode; length: number } | undefined;
    for (const entry of LANGUAGES) {
      for (const code of entry.browserCodes) {
        const c = code.toLowerCase();
        if (c === tag) return entry.value;
        if (tag.startsWith(`${c}-`) && (!best || c.length > best.length)) best = { value: entry.value, length: c.length };
      }
    }
    if (best) return best.value;
  }
  return DEFAULT_LANGUAGE;
}
