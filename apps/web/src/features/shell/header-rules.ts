import { sitePaths } from '@vsp/contract/site-paths';
import { HEADER_TABS_CENTRED_MAX } from '../../shared/ui/layout';

/** Spec section 2, app shell and header: which routes hide the header, and how it looks where shown. */

const RECHARGE_PATHS = ['/recharge', '/newRecharge', '/oldRecharge'];

/** Hidden in an ordinary browser. */
const HIDDEN_IN_BROWSER = [sitePaths.quickGuide, sitePaths.quickStartGuide, sitePaths.ktvParty, sitePaths.creator];
/** Hidden inside the native app: the browser list plus the legal pages and the top-up page. */
const HIDDEN_IN_APP = [...HIDDEN_IN_BROWSER, sitePaths.privacy, sitePaths.terms, sitePaths.childPrivacy, ...RECHARGE_PATHS];
/** Pages with the light translucent header: privacy, terms, top-up and exchange. */
const TRANSLUCENT = [sitePaths.privacy, sitePaths.terms, sitePaths.exchange, ...RECHARGE_PATHS];

/** The home slide whose layout restyles the header (and moves the logo breakpoint to 725 px). */
export const RESTYLED_HOME_SLIDE = 5;

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isHeaderVisible(pathname: string, inApp: boolean): boolean {
  return !(inApp ? HIDDEN_IN_APP : HIDDEN_IN_BROWSER).includes(normalise(pathname));
}

export type HeaderBackground = 'none' | 'scrim' | 'transparent' | 'gradient' | 'translucent' | 'solid';

export interface HeaderLook {
  logo: 'white' | 'dark';
  background: HeaderBackground;
  /** Home slide 5: its own header style, with the logo's 725 px breakpoint. */
  slide5: boolean;
}

export interface HeaderState {
  pathname: string;
  /** The home slide index; null away from home. */
  slideIndex: number | null;
  /** The about page has scrolled past ABOUT_SCROLL_THRESHOLD_PX. */
  scrolledPast: boolean;
  menuOpen: boolean;
}

/**
 * How the header looks. An open hamburger menu wins: white logo, no background (the menu panel is
 * behind it). Home: white logo over a soft dark scrim on the first slide, dark logo on the others,
 * slide 5 restyled. About: transparent, then a light gradient once scrolled past 200 px. Privacy,
 * terms, top-up and exchange: light translucent. Everything else: solid white.
 */
export function headerLook({ pathname, slideIndex, scrolledPast, menuOpen }: HeaderState): HeaderLook {
  const path = normalise(pathname);
  if (menuOpen) return { logo: 'white', background: 'none', slide5: false };
  if (path === sitePaths.home) {
    const slide = slideIndex ?? 0;
    if (slide === RESTYLED_HOME_SLIDE) return { logo: 'dark', background: 'solid', slide5: true };
    return slide === 0 ? { logo: 'white', background: 'scrim', slide5: false } : { logo: 'dark', background: 'transparent', slide5: false };
  }
  if (path === sitePaths.about) return { logo: 'dark', background: scrolledPast ? 'gradient' : 'transparent', slide5: false };
  if (TRANSLUCENT.includes(path)) return { logo: 'dark', background: 'translucent', slide5: false };
  return { logo: 'dark', background: 'solid', slide5: false };
}

/** A header tab (spec section 2: title, to, name, isShowMobile). */
export interface TabItem {
  /** Label key of the tab text. */
  title: string;
  to: string;
  name: string;
  isShowMobile: boolean;
}

/**
 * Home, Music, Creator platform, Tutorial, Exchange. On mobile devices both creator tabs lead to
 * /creator (its tab 0 is the platform, tab 1 the tutorial), and Music (desktop only) is left out.
 */
export function headerTabs(mobileDevice: boolean): TabItem[] {
  const tabs: TabItem[] = [
    { title: 'tab.home', to: sitePaths.home, name: 'home', isShowMobile: true },
    { title: 'tab.music', to: sitePaths.music, name: 'music', isShowMobile: false },
    { title: 'tab.creator_platform', to: mobileDevice ? `${sitePaths.creator}?tab=0` : sitePaths.creatorPlatform, name: 'creator-platform', isShowMobile: true },
    { title: 'tab.tutorial', to: mobileDevice ? `${sitePaths.creator}?tab=1` : sitePaths.tutorial, name: 'tutorial', isShowMobile: true },
    { title: 'tab.exchange', to: sitePaths.exchange, name: 'exchange', isShowMobile: true },
  ];
  return mobileDevice ? tabs.filter((tab) => tab.isShowMobile) : tabs;
}

export function tabsCentred(tabs: readonly TabItem[]): boolean {
  return tabs.length <= HEADER_TABS_CENTRED_MAX;
}
