import { useSyncExternalStore } from 'react';

/**
 * The home slide show's current slide (spec section 2, app state "swiper index"): 0 on entering the
 * home page, null elsewhere. The header reads it to restyle its logo and background.
 */
let slideIndex: number | null = null;
const listeners = new Set<() => void>();

export function setSlideIndex(index: number | null) {
  if (index === slideIndex) return;
  slideIndex = index;
  for (const listener of listeners) listener();
}

export function getSlideIndex(): number | null {
  return slideIndex;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSlideIndex(): number | null {
  return useSyncExternalStore(subscribe, getSlideIndex, () => null);
}
