import { useCallback } from 'react';
import { useLanguageCode, useTranslation } from '../i18n/use-translation';
import { errorMessage } from './error-message';

/** Turns a failed call into the text the visitor reads: its code's catalogue text in their language. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  const lang = useLanguageCode();
  return useCallback((error: unknown) => errorMessage(error, lang, (key) => t(key)), [lang, t]);
}
