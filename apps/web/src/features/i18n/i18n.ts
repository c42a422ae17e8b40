import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguageCode, languageEntry, languageFromBrowserCodes, type LanguageCode } from '@vsp/contract/languages';
import { LABELS, textsFor } from '@vsp/labels';
import { STORAGE_KEYS, localStore } from '../../shared/storage/local-store';

/** The stored choice wins; otherwise the browser's language codes decide; English by default. */
export function initialLanguage(): LanguageCode {
  const stored = localStore.get(STORAGE_KEYS.lang);
  if (isLanguageCode(stored)) return stored;
  return typeof navigator === 'undefined' ? DEFAULT_LANGUAGE : languageFromBrowserCodes(navigator.languages ?? [navigator.language]);
}

export function applyDocumentLanguage(lang: LanguageCode) {
  document.documentElement.lang = lang;
  document.documentElement.dir = languageEntry(lang).dir;
}

export async function initI18n(lang: LanguageCode = initialLanguage()) {
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: { [lang]: { translation: textsFor(lang, LABELS) }, en: { translation: textsFor('en', LABELS) } },
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    returnNull: false,
  });
  applyDocumentLanguage(lang);
  return i18next;
}

export function currentLanguage(): LanguageCode {
  const lang = i18next.language;
  return isLanguageCode(lang) ? lang : DEFAULT_LANGUAGE;
}
