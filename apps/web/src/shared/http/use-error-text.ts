import { useCallback } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@vsp/contract/languages';
import { errorMessage } from './error-message';

/** The visitor's language as a catalogue code (the default language when i18next holds something else). */
export function useLanguageCode(): LanguageCode {
  const { i18n } = useTranslation();
  return isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Turns a failed call into the text the visitor reads: its code's catalogue text in their language. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  const lang = useLanguageCode();
  return useCallback((error: unknown) => errorMessage(error, lang, (key) => t(key)), [lang, t]);
}
