import { useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@vsp/contract/languages';
import { translator, type TextValues, type Translator } from './translator';

const version = () => translator.version;

/**
 * The labels for a component: `t(key, values)` and the translator (`i18n.language`, `i18n.dir()`,
 * `i18n.exists(key)`). The component renders again when the language or the texts change, and `t`
 * is a new function then, so effects that use it run again.
 */
export function useTranslation(): { t: (key: string, values?: TextValues) => string; i18n: Translator } {
  const current = useSyncExternalStore(translator.subscribe, version, version);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new `t` per change is the point
  const t = useMemo(() => (key: string, values?: TextValues) => translator.t(key, values), [current]);
  return { t, i18n: translator };
}

/** The visitor's language as a catalogue code (the default language when the translator holds something else). */
export function useLanguageCode(): LanguageCode {
  const { i18n } = useTranslation();
  return isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
