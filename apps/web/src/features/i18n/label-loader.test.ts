import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '@vsp/contract/language-codes';
import type { LanguageConfig } from '@vsp/contract/label-assets';
import { loadStartTexts, loadSwitchTexts, refreshLabels, startFromPageTexts, type LabelLoaderDeps, type VersionedTexts } from './label-loader';

const config = (meta: number, version = 21): LanguageConfig => ({ VERSION: version, META_HOME_VERSION: meta, codes: [] });
const texts = (lang: string, version: number): VersionedTexts => ({ version, texts: { 'route.home': `${lang}@${version}` } });

/** An in-memory world: a server at some version, a cache, and a record of what happened. */
function world(options: { server?: number; serverVersion?: number; configFails?: boolean; textsFail?: boolean } = {}) {
  const log: string[] = [];
  const stored = new Map<LanguageCode, VersionedTexts>();
  let storedConfig: LanguageConfig | null = null;
  let reloadedFor: number | null = null;
  const server = options.server ?? 5;
  const deps: LabelLoaderDeps = {
    cache: {
      readTexts: (lang) => stored.get(lang) ?? null,
      writeTexts: (lang, t) => {
        log.push(`store ${lang}@${t.version}`);
        stored.set(lang, t);
      },
      readConfig: () => storedConfig,
      writeConfig: (c) => {
        log.push(`store config ${c.VERSION}`);
        storedConfig = c;
      },
    },
    source: {
      config: async () => {
        log.push('fetch config');
        if (options.configFails) throw new Error('offline');
        return config(server, options.serverVersion);
      },
      texts: async (lang, version) => {
        log.push(`fetch ${lang}${version ? ` v${version}` : ''}`);
        if (options.textsFail) throw new Error('offline');
        return texts(lang, server);
      },
      builtIn: async (lang) => {
        log.push(`built-in ${lang}`);
        return { 'route.home': `${lang}@built-in` };
      },
    },
    reload: () => log.push('reload'),
    reloadedFor: { get: () => reloadedFor, set: (v) => (reloadedFor = v) },
  };
  return { deps, log, stored, setStoredConfig: (c: LanguageConfig) => (storedConfig = c) };
}

describe('label start-up (spec section 4)', () => {
  it('paints from the cached copy at once and only checks the config in the background', async () => {
    const w = world({ server: 5 });
    w.stored.set('th', texts('th', 5));
    const start = await loadStartTexts('th', w.deps);
    expect(start.texts['route.home']).toBe('th@5');
    expect(await start.refresh).toBe('current');
    expect(w.log).toEqual(['fetch config', 'store config 21']);
  });

  it('on a newer META_HOME_VERSION refetches the texts, stores them and reloads once', async () => {
    const w = world({ server: 6 });
    w.stored.set('th', texts('th', 5));
    const start = await loadStartTexts('th', w.deps);
    expect(start.texts['route.home']).toBe('th@5');
    expect(await start.refresh).toBe('reloaded');
    expect(w.log).toEqual(['fetch config', 'store config 21', 'fetch th v6', 'store th@6', 'reload']);

    // A server that keeps announcing a version its texts do not carry cannot loop the tab.
    w.stored.set('th', texts('th', 5));
    expect(await refreshLabels('th', 5, w.deps)).toBe('reload-skipped');
  });

  it('ignores a failed config fetch silently and keeps the cached texts', async () => {
    const w = world({ configFails: true });
    w.stored.set('ko', texts('ko', 3));
    const start = await loadStartTexts('ko', w.deps);
    expect(start.texts['route.home']).toBe('ko@3');
    expect(await start.refresh).toBe('config-failed');
    expect(w.log).toEqual(['fetch config']);
  });

  it('stores the config only when its VERSION is newer than the stored one', async () => {
    const w = world({ server: 5, serverVersion: 21 });
    w.stored.set('en', texts('en', 5));
    w.setStoredConfig(config(4, 21));
    await (await loadStartTexts('en', w.deps)).refresh;
    expect(w.log).not.toContain('store config 21');
    const newer = world({ server: 5, serverVersion: 22 });
    newer.stored.set('en', texts('en', 5));
    newer.setStoredConfig(config(4, 21));
    await (await loadStartTexts('en', newer.deps)).refresh;
    expect(newer.log).toContain('store config 22');
  });

  it('without a cached copy downloads only the visitor language, at the announced version', async () => {
    const w = world({ server: 7 });
    const start = await loadStartTexts('ar', w.deps);
    expect(start).toEqual({ version: 7, texts: { 'route.home': 'ar@7' } });
    expect(w.log).toEqual(['fetch config', 'store config 21', 'fetch ar v7', 'store ar@7']);
  });

  it("hydrating a prerendered page whose texts are newer than the cached copy, refreshes and reloads first", async () => {
    const w = world({ server: 7 });
    w.stored.set('ar', texts('ar', 5));
    const start = await loadStartTexts('ar', w.deps, 7);
    expect(start.texts['route.home']).toBe('ar@7');
    expect(start.refresh).toBeUndefined();
    expect(w.log).toEqual(['fetch config', 'store config 21', 'fetch ar v7', 'store ar@7', 'reload']);
    // After the reload the stored copy is as new as the page's and starts it at once.
    const again = await loadStartTexts('ar', w.deps, 7);
    expect(again.texts['route.home']).toBe('ar@7');
    expect(await again.refresh).toBe('current');
    expect(w.log.filter((line) => line === 'reload')).toHaveLength(1);
  });

  it('hydrating a prerendered page without a cached copy downloads the texts of the page beside the config', async () => {
    const w = world({ server: 7 });
    const start = await loadStartTexts('ms', w.deps, 7);
    expect(start.texts['route.home']).toBe('ms@7');
    // The texts are asked for before the config has answered (one round trip less, issue 27).
    expect(w.log).toEqual(['fetch config', 'fetch ms v7', 'store config 21', 'store ms@7']);
  });

  it('falls back to the built-in catalogue when nothing can be downloaded, and stores nothing', async () => {
    const w = world({ configFails: true, textsFail: true });
    const start = await loadStartTexts('hi', w.deps);
    expect(start).toEqual({ version: 0, texts: { 'route.home': 'hi@built-in' } });
    expect(w.log).toEqual(['fetch config', 'fetch hi', 'built-in hi']);
  });

  it('switching reuses a cached language as new as the page and downloads otherwise', async () => {
    const w = world({ server: 5 });
    w.stored.set('vi', texts('vi', 5));
    expect((await loadSwitchTexts('vi', 5, w.deps)).texts['route.home']).toBe('vi@5');
    expect(w.log).toEqual([]);
    w.stored.set('tl', texts('tl', 4));
    expect((await loadSwitchTexts('tl', 5, w.deps)).version).toBe(5);
    expect(w.log).toEqual(['fetch tl v5', 'store tl@5']);
    const failing = world({ textsFail: true });
    await expect(loadSwitchTexts('ms', 5, failing.deps)).rejects.toThrow('offline');
  });

  describe('a prerendered page that came with its texts (decision 0178)', () => {
    const own = { 'route.home': 'th@page', 'route.about': 'about@page' };

    it('starts from them with nothing fetched, and brings and stores the rest only when asked', async () => {
      const w = world({ server: 5 });
      const start = await startFromPageTexts('th', own, w.deps, 5);
      expect(start).toMatchObject({ texts: own, version: 5 });
      expect(w.log).toEqual([]);
      expect(await start.rest!()).toEqual(texts('th', 5));
      expect(w.log).toEqual(['fetch config', 'fetch th v5', 'store config 21', 'store th@5']);
    });

    it('starts from them, not reloading, when the stored copy is older than the page', async () => {
      const w = world({ server: 5 });
      w.stored.set('th', texts('th', 4));
      const start = await startFromPageTexts('th', own, w.deps, 5);
      expect(start.texts).toBe(own);
      await start.rest!();
      expect(w.log).not.toContain('reload');
      expect(w.stored.get('th')).toEqual(texts('th', 5));
    });

    it('starts from a stored copy as new as the page, as every page does', async () => {
      const w = world({ server: 5 });
      w.stored.set('th', texts('th', 5));
      const start = await startFromPageTexts('th', own, w.deps, 5);
      expect(start.texts['route.home']).toBe('th@5');
      expect(start.rest).toBeUndefined();
      expect(await start.refresh).toBe('current');
    });

    it('keeps its own texts over the built-in ones when the rest cannot be downloaded', async () => {
      const w = world({ server: 5, textsFail: true });
      const start = await startFromPageTexts('th', own, w.deps, 5);
      expect(await start.rest!()).toEqual({ version: 0, texts: { 'route.home': 'th@page', 'route.about': 'about@page' } });
      expect(w.stored.size).toBe(0);
    });
  });
});
