import { SCROLL_TO_TOP_MS } from '../ui/layout';

let running: number | undefined;

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/**
 * Scrolls the window to the top in `durationMs` (spec section 2: every navigation, 500 ms by
 * default). The native smooth scroll has no duration, so the animation runs on animation frames;
 * visitors who prefer reduced motion jump at once.
 */
export function scrollToTop(durationMs = SCROLL_TO_TOP_MS): void {
  if (running !== undefined) cancelAnimationFrame(running);
  running = undefined;
  const start = window.scrollY;
  if (start <= 0) return;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (reduce || durationMs <= 0) {
    window.scrollTo(0, 0);
    return;
  }
  const began = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - began) / durationMs);
    window.scrollTo(0, Math.round(start * (1 - easeInOut(progress))));
    running = progress < 1 ? requestAnimationFrame(step) : undefined;
  };
  running = requestAnimationFrame(step);
}
