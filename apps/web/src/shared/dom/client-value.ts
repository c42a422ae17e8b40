import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * A value the browser knows and the prerender does not (the device, whether the page is hydrated).
 * The prerender and React's hydration of its HTML render `prerendered`, so the markup matches the
 * server's; React then renders again at once with `read()` (decision 0120). A page the browser
 * renders itself gets `read()` from the start. `read` must answer the same value each time.
 */
export function useClientValue<T>(read: () => T, prerendered: T): T {
  return useSyncExternalStore(neverChanges, read, () => prerendered);
}

const no = () => false;

/** True while the prerender renders or React hydrates its HTML; false in every later render. */
export function usePrerenderedMarkup(): boolean {
  return useClientValue(no, true);
}
