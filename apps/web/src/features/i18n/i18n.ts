import { DEFAULT_LANGUAGE, isLanguageCode, languageEntry, languageFromBrowserCodes, type LanguageCode } from '@vsp/contract/languages';
import { LANGUAGE_COOKIE, LANGUAGE_QUERY } from '@vsp/contract/prerender';
import { publicConfig } from '../../shared/config/public-config';
import { readPageTexts } from '../../shared/i18n/page-texts';
import { translator } from '../../shared/i18n/translator';
import { readCookie, writeCookie } from '../../shared/storage/cookies';
import { STORAGE_KEYS, localStore, tabStore } from '../../shared/storage/local-store';
import { getLabelTexts, getLanguageConfig } from './api/label-assets';
import { builtInTexts } from './built-in-texts';
import { localLabelCache } from './label-cache';
import { loadStartTexts, loadSwitchTexts, startFromPageTexts, type LabelLoaderDeps, type PageStartTexts, type VersionedTexts } from './label-loader';
import './fonts.css';

/**
 * A language alternate's `?lang=` (the hreflang links of the prerendered pages) wins and becomes
 * the stored choice; then the stored choice; then the language cookie; otherwise the browser's
 * language codes decide; English by default. The server picks the prerendered page by the same
 * order (query, cookie, Accept-Language), so both agree.
 */
export function initialLanguage(): LanguageCode {
  const asked = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get(LANGUAGE_QUERY);
  if (isLanguageCode(asked)) {
    localStore.set(STORAGE_KEYS.lang, asked);
    return asked;
  }
  const stored = localStore.get(STORAGE_KEYS.lang);
  if (isLanguageCode(stored)) return stored;
  // The language cookie (what the server answered this page in) when local storage lost the choice.
  const cookie = readCookie(LANGUAGE_COOKIE);
  if (isLanguageCode(cookie)) return cookie;
  return typeof navigator === 'undefined' ? DEFAULT_LANGUAGE : languageFromBrowserCodes(navigator.languages ?? [navigator.language]);
}

/**
 * The BCP 47 tag for <html lang>: our code 'in' is the retired tag for Indonesian, which screen
 * readers and the font rules know as 'id'.
 */
export function htmlLang(lang: LanguageCode): string {
  return lang === 'in' ? 'id' : lang;
}

export function applyDocumentLanguage(lang: LanguageCode) {
  document.documentElement.lang = htmlLang(lang);
  document.documentElement.dir = languageEntry(lang).dir;
  // The server answers the next page load with the prerendered page in this language.
  writeCookie(LANGUAGE_COOKIE, lang, 365 * 24 * 3600);
}

const RELOADED_FOR_KEY = 'labelsReloadedFor';

const loaderDeps: LabelLoaderDeps = {
  cache: localLabelCache,
  source: { config: getLanguageConfig, texts: getLabelTexts, builtIn: builtInTexts },
  reload: () => window.location.reload(),
  reloadedFor: {
    get() {
      const value = Number(tabStore.get(RELOADED_FOR_KEY));
      return Number.isInteger(value) && value > 0 ? value : null;
    },
    // Without session storage the tab may reload once more, never more than the server changes.
    set: (version) => tabStore.set(RELOADED_FOR_KEY, String(version)),
  },
};

/** The label version of the texts on the page (0 for the built-in fallback). */
let pageVersion = 0;

/** The visitor's own language while the page shows the server's HTML in another one. */
let visitorLanguage: LanguageCode | undefined;
/** The switch to the visitor's language once adopted (one, however often the layout's effect runs). */
let adopted: Promise<void> | undefined;

/**
 * Starts the labels with one language only: the cached texts when there are some (the config check
 * then runs in the background), otherwise the downloaded ones. A prerendered page starts in the
 * language of its HTML (`pageLanguage`), so that React hydrates the very text the server sent;
 * `adoptVisitorLanguage` switches to the visitor's own afterwards, should the two differ.
 */
export async function initI18n(pageLanguage?: LanguageCode) {
  const visitor = initialLanguage();
  const lang = pageLanguage ?? visitor;
  visitorLanguage = lang === visitor ? undefined : visitor;
  adopted = undefined;
  const version = pageLanguage === undefined ? 0 : (publicConfig.labelVersion ?? 0);
  const pageTexts = pageLanguage === undefined ? null : readPageTexts();
  const start: PageStartTexts = pageTexts ? await startFromPageTexts(lang, pageTexts, loaderDeps, version) : await loadStartTexts(lang, loaderDeps, version);
  pageVersion = start.version;
  restOfTexts = start.rest ? { lang, load: start.rest } : undefined;
  translator.addTexts(lang, start.texts);
  translator.setLanguage(lang);
  applyDocumentLanguage(lang);
}

/** The page started from the texts it came with: how to get the rest of its language's (decision 0178). */
let restOfTexts: { lang: LanguageCode; load: () => Promise<VersionedTexts>; loading?: Promise<void> } | undefined;

/**
 * Once the app has taken the page over: the rest of the language's texts, when the page started
 * from its own. Settles once they are in (at once when there is nothing to bring); never rejects:
 * should even the built-in texts fail to load, the page keeps its own and the next call tries again.
 */
export function completeTexts(): Promise<void> {
  const rest = restOfTexts;
  if (!rest) return Promise.resolve();
  rest.loading ??= rest.load().then(
    ({ texts }) => {
      translator.addTexts(rest.lang, texts);
      if (restOfTexts === rest) restOfTexts = undefined;
    },
    () => {
      rest.loading = undefined;
    },
  );
  return rest.loading;
}

/** Switches the interface language without a reload and remembers the choice. */
export async function switchLanguage(lang: LanguageCode): Promise<void> {
  if (restOfTexts?.lang === lang) await completeTexts();
  if (!translator.hasTexts(lang)) {
    const { texts } = await loadSwitchTexts(lang, pageVersion, loaderDeps);
    translator.addTexts(lang, texts);
  }
  translator.setLanguage(lang);
  applyDocumentLanguage(lang);
  localStore.set(STORAGE_KEYS.lang, lang);
}

/**
 * Once the server's HTML is hydrated: the visitor's own language, when the page came in another.
 * Settles when the page speaks it (or the switch failed and the page stays as it came).
 */
export function adoptVisitorLanguage(): Promise<void> {
  adopted ??= visitorLanguage ? switchLanguage(visitorLanguage).catch(() => undefined) : Promise.resolve();
  return adopted;
}
