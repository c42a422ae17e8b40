import type { LanguageCode } from '@vsp/contract/language-codes';
import type { LabelTexts, LanguageConfig } from '@vsp/contract/label-assets';

/**
 * The start-up rule of spec section 4, free of browser globals so that it can be tested: the page
 * starts from the texts it has (first paint never waits when a copy is cached), then fetches the
 * config; a newer VERSION is stored; a newer META_HOME_VERSION than the cached texts' refetches
 * the texts, stores them and reloads the page once. A failed config fetch is ignored silently.
 */

export interface VersionedTexts {
  version: number;
  texts: LabelTexts;
}

export interface LabelCache {
  readTexts(lang: LanguageCode): VersionedTexts | null;
  writeTexts(lang: LanguageCode, texts: VersionedTexts): void;
  readConfig(): LanguageConfig | null;
  writeConfig(config: LanguageConfig): void;
}

export interface LabelSource {
  config(): Promise<LanguageConfig>;
  /** One language's texts; `version` is what the caller expects (lets the answer be cached). */
  texts(lang: LanguageCode, version?: number): Promise<VersionedTexts>;
  /** Last resort when the texts cannot be downloaded: the catalogue built into the site. */
  builtIn(lang: LanguageCode): Promise<LabelTexts>;
}

export interface LabelLoaderDeps {
  cache: LabelCache;
  source: LabelSource;
  reload(): void;
  /** Remembers for this tab which version it already reloaded for, so a stale server cannot loop it. */
  reloadedFor: { get(): number | null; set(version: number): void };
}

export interface StartTexts {
  texts: LabelTexts;
  /** The label version of the texts; 0 for the built-in fallback. */
  version: number;
  /** Only with cached texts: the background check, resolving to what it did. */
  refresh?: Promise<RefreshOutcome>;
}

export type RefreshOutcome = 'config-failed' | 'current' | 'texts-failed' | 'reloaded' | 'reload-skipped';

async function fetchConfig(deps: LabelLoaderDeps): Promise<LanguageConfig | null> {
  let config: LanguageConfig;
  try {
    config = await deps.source.config();
  } catch {
    return null;
  }
  const stored = deps.cache.readConfig();
  if (!stored || config.VERSION > stored.VERSION) deps.cache.writeConfig(config);
  return config;
}

export async function refreshLabels(lang: LanguageCode, cachedVersion: number, deps: LabelLoaderDeps): Promise<RefreshOutcome> {
  const config = await fetchConfig(deps);
  if (!config) return 'config-failed';
  if (!(config.META_HOME_VERSION > cachedVersion)) return 'current';
  let fresh: VersionedTexts;
  try {
    fresh = await deps.source.texts(lang, config.META_HOME_VERSION);
  } catch {
    return 'texts-failed';
  }
  deps.cache.writeTexts(lang, fresh);
  if (deps.reloadedFor.get() === fresh.version) return 'reload-skipped';
  deps.reloadedFor.set(fresh.version);
  deps.reload();
  return 'reloaded';
}

/**
 * `pageVersion`: the label version of the texts in the server's HTML (a prerendered page). React
 * hydrates that HTML, so it must start with texts at least that new. A cached copy that old or
 * newer starts the page as usual. An older one means a newer version was published since it was
 * stored: the spec's refresh (config, texts, store, reload once) runs before anything is hydrated,
 * and the page starts from what it stored.
 */
export async function loadStartTexts(lang: LanguageCode, deps: LabelLoaderDeps, pageVersion = 0): Promise<StartTexts> {
  const cached = deps.cache.readTexts(lang);
  if (cached && cached.version >= pageVersion) return { ...cached, refresh: refreshLabels(lang, cached.version, deps) };
  if (cached) {
    await refreshLabels(lang, cached.version, deps);
    const stored = deps.cache.readTexts(lang);
    if (stored && stored.version >= pageVersion) return stored;
  }

  return downloadTexts(lang, deps, pageVersion);
}

/**
 * The language's texts downloaded and stored, the config checked beside them; the built-in texts
 * when the download fails. With a page's label version the texts are asked for beside the config,
 * not after it (issue 27: one round trip less).
 */
async function downloadTexts(lang: LanguageCode, deps: LabelLoaderDeps, pageVersion: number): Promise<VersionedTexts> {
  const configured = fetchConfig(deps);
  const config = pageVersion ? null : await configured;
  try {
    const fresh = await deps.source.texts(lang, pageVersion || config?.META_HOME_VERSION);
    deps.cache.writeTexts(lang, fresh);
    return fresh;
  } catch {
    return { texts: await deps.source.builtIn(lang), version: 0 };
  }
}

export interface PageStartTexts extends StartTexts {
  /**
   * Only when the page starts from the texts it came with: the language's other texts (downloaded
   * and stored), the page's own on top should the download fail and the built-in ones stand in.
   */
  rest?: () => Promise<VersionedTexts>;
}

/**
 * A prerendered page that came with its own texts at label version `pageVersion` (decision 0178):
 * a stored copy at least that new starts the page as usual (`loadStartTexts`, with the background
 * check). Otherwise the page starts from its own texts, with nothing to wait for, and `rest` brings
 * the others once the app has taken the page over. Nothing on screen is older than the page, so the
 * spec's reload for a newer version is not needed: the newer texts are stored for the next load.
 */
export async function startFromPageTexts(lang: LanguageCode, pageTexts: LabelTexts, deps: LabelLoaderDeps, pageVersion: number): Promise<PageStartTexts> {
  const cached = deps.cache.readTexts(lang);
  if (cached && cached.version >= pageVersion && pageVersion > 0) return loadStartTexts(lang, deps, pageVersion);
  return {
    texts: pageTexts,
    version: pageVersion,
    rest: async () => {
      const all = await downloadTexts(lang, deps, pageVersion);
      return all.version > 0 ? all : { version: all.version, texts: { ...all.texts, ...pageTexts } };
    },
  };
}

/** Texts for a language the visitor switches to: the cached copy when it is as new as the page's. */
export async function loadSwitchTexts(lang: LanguageCode, pageVersion: number, deps: Pick<LabelLoaderDeps, 'cache' | 'source'>): Promise<VersionedTexts> {
  const cached = deps.cache.readTexts(lang);
  if (cached && cached.version >= pageVersion && pageVersion > 0) return cached;
  const fresh = await deps.source.texts(lang, pageVersion || undefined);
  deps.cache.writeTexts(lang, fresh);
  return fresh;
}
