/**
 * Layout and motion numbers of the website (spec section 9). The CSS media queries repeat the
 * breakpoints (825 px, 1025 px); change both together. Sizes that only the CSS needs (badge widths,
 * dialog widths, the 725 px logo breakpoint of home slide 5) live in the CSS alone.
 */

/** At or below this window width the site uses its mobile layout. */
export const BREAKPOINT_MOBILE_PX = 825;
/** At or below this window width the hamburger replaces the header tabs. */
export const BREAKPOINT_HEADER_TABS_PX = 1025;
/** Up to this many header tabs are centred in the header. */
export const HEADER_TABS_CENTRED_MAX = 6;
/** On the about page the header gets its gradient once the page has scrolled this far. */
export const ABOUT_SCROLL_THRESHOLD_PX = 200;
/** The shell reacts to a window resize this long after the last resize event. */
export const RESIZE_DEBOUNCE_SHELL_MS = 200;
/** How long the scroll to the top of the page takes on navigation. */
export const SCROLL_TO_TOP_MS = 500;
/** Stacking order of the language picker's open list. */
export const LANGUAGE_PICKER_Z_INDEX = 2008;
