import { useLayoutEffect, type RefObject } from 'react';
import { BREAKPOINT_HEADER_TABS_PX } from '../../../shared/ui/layout';
import { chooseHeaderFit } from '../header-fit';

/** The tab list fits its slot between the logo and the actions (subpixel widths rounded up). */
function tabsFit(nav: Element, list: Element): boolean {
  return list.getBoundingClientRect().width <= nav.getBoundingClientRect().width + 0.5;
}

/**
 * Keeps the header's `data-fit` (decision 0100) right: measured before the first paint, and again
 * whenever the bar, the tab texts (language, fonts) or the actions (account, language) change
 * size. CSS reads the attribute above 1025 px only; narrower, the hamburger always shows. The
 * prerendered page carries no attribute: its CSS default is the full header.
 */
export function useHeaderFit(headerRef: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const header = headerRef.current;
    const bar = header?.querySelector('.site-header__bar');
    const nav = header?.querySelector('.site-header__nav');
    const list = nav?.querySelector('.header-tabs');
    const actions = header?.querySelector('.site-header__actions');
    if (!header || !bar || !nav || !list || !actions) return;
    const wide = window.matchMedia(`(min-width: ${BREAKPOINT_HEADER_TABS_PX + 1}px)`);
    const fit = () => {
      if (!wide.matches) {
        delete header.dataset.fit;
        return;
      }
      chooseHeaderFit((level) => (header.dataset.fit = level), () => tabsFit(nav, list));
    };
    fit();
    // Measured in the next frame, not inside the observer's callback: changing the layout there
    // would be a resize-observer loop.
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(fit);
    });
    for (const element of [bar, list, actions]) observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [headerRef]);
}
