import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode } from '@vsp/contract/languages';
import { errorMessage } from './error-message';

/** The visitor's language as a catalogue code (English when i18next holds something else). */
export function useLanguageCode() {
  const { i18n } = useTranslation();
  return isLanguageCode(i18n.language) ? i18n.language : 'en';
}

/** Turns a failed call into the text the visitor reads, in their language. */
export function useErrorText() {
  const { t } = useTranslation();
  const lang = useLanguageCode();
  return useCallback((error: unknown) => errorMessage(error, lang, (key) => t(key)), [lang, t]);
}
