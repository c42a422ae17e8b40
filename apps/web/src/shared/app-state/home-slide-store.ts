import { useSyncExternalStore } from 'react';

/**
 * The home slide show's current slide (spec section 3, app state "swiper index"): 0 on entering
 * the home page, empty (null) on every other page. The home page sets it as the visitor moves
 * through the slides; the header reads it (white logo on the first slide, the slide-5 style).
 */

type Listener = () => void;
const listeners = new Set<Listener>();
let slideIndex: number | null = typeof window !== 'undefined' && window.location.pathname === '/' ? 0 : null;

export function getHomeSlideIndex(): number | null {
  return slideIndex;
}

/** Called by the home page when its slide changes. */
export function setHomeSlideIndex(index: number | null): void {
  if (index === slideIndex) return;
  slideIndex = index;
  for (const listener of listeners) listener();
}

/** Called on every navigation: 0 when the new page is home, null elsewhere. */
export function resetHomeSlideForPath(pathname: string): void {
  setHomeSlideIndex(pathname === '/' ? 0 : null);
}

export function subscribeHomeSlide(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useHomeSlideIndex(): number | null {
  return useSyncExternalStore(subscribeHomeSlide, getHomeSlideIndex, () => null);
}
