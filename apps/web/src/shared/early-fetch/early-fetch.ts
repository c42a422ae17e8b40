/**
 * Start-up requests the page's inline boot script sends the moment a prerendered page has painted,
 * beside the app's chunks, instead of after the app has been fetched and evaluated (issue 27,
 * decision 0157). Today that is one request: the page's label texts, which the app needs before it
 * can take the page over and which the visitor's browser does not hold yet. `fetchAsset` takes the
 * answer over (`takeEarlyResponse`) instead of asking again.
 */
declare global {
  interface Window {
    __vspEarlyFetch?: Record<string, Promise<Response> | undefined>;
  }
}

/**
 * Runs inside the boot script (vite.config.ts serialises it with `toString()`, so it uses nothing
 * from outside its body): when the page was prerendered with label version `labelVersion` in
 * `lang` and the stored texts (localStorage `storageKey`) are older or missing, fetches them.
 * `textsPath` is the texts' path with `{lang}` in place of the language.
 */
export function startEarlyFetches(storageKey: string, textsPath: string): void {
  const early: Record<string, Promise<Response>> = {};
  window.__vspEarlyFetch = early;
  const lang = document.getElementById('root')?.dataset.prerendered;
  if (!lang) return;
  let version = 0;
  try {
    version = Number((JSON.parse(document.getElementById('app-config')?.textContent ?? '{}') as { labelVersion?: unknown }).labelVersion) || 0;
  } catch {
    return;
  }
  if (!(version > 0)) return;
  try {
    const stored = (JSON.parse(window.localStorage.getItem(storageKey) ?? '{}') as Record<string, { version?: number } | undefined>)[lang];
    if (stored && typeof stored.version === 'number' && stored.version >= version) return;
  } catch {
    /* no storage or a malformed copy: fetch */
  }
  const url = `${textsPath.replace('{lang}', lang)}?v=${version}`;
  const response = fetch(url, { headers: { accept: 'application/json' } });
  response.catch(() => undefined);
  early[url] = response;
}

/** The answer the boot script already asked for at `url` (once), or undefined. */
export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__vspEarlyFetch;
  const response = early?.[url];
  if (response) delete early[url];
  return response;
}
