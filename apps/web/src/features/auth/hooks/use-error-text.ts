import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@vsp/contract/languages';
import { errorMessage } from '../../../shared/http/error-message';

export function useLanguage(): LanguageCode {
  const { i18n } = useTranslation();
  return isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** The text a failed call shows: the catalogue text of its code in the visitor's language. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  const lang = useLanguage();
  return useCallback((error: unknown) => errorMessage(error, lang, (key) => t(key)), [lang, t]);
}
