import { describe, expect, it } from 'vitest';
import { headerLook, headerTabs, isHeaderVisible, tabsCentred } from './header-rules';

const look = (pathname: string, extra: Partial<Parameters<typeof headerLook>[0]> = {}) =>
  headerLook({ pathname, slideIndex: null, scrolledPast: false, menuOpen: false, ...extra });

describe('header visibility (spec section 2)', () => {
  it('hides the header in a browser on the guide, karaoke and creator pages only', () => {
    for (const path of ['/quick-guide', '/quick-start-guide', '/ktv-party', '/creator', '/creator/']) expect(isHeaderVisible(path, false)).toBe(false);
    for (const path of ['/', '/priv', '/userve', '/child-priv', '/recharge', '/exchange', '/about', '/music', '/no-such-page']) {
      expect(isHeaderVisible(path, false)).toBe(true);
    }
  });

  it('also hides it inside the app on the legal and top-up pages', () => {
    for (const path of ['/priv', '/userve', '/child-priv', '/quick-guide', '/quick-start-guide', '/ktv-party', '/recharge', '/creator']) {
      expect(isHeaderVisible(path, true)).toBe(false);
    }
    for (const path of ['/', '/about', '/exchange', '/tutorial', '/login']) expect(isHeaderVisible(path, true)).toBe(true);
  });
});

describe('header look per route', () => {
  it('shows a white logo on the first home slide, a dark one on the others, and restyles slide 5', () => {
    expect(look('/', { slideIndex: 0 })).toEqual({ logo: 'white', background: 'scrim', slide5: false });
    expect(look('/', { slideIndex: 2 })).toEqual({ logo: 'dark', background: 'transparent', slide5: false });
    expect(look('/', { slideIndex: 5 })).toEqual({ logo: 'dark', background: 'solid', slide5: true });
  });

  it('turns the about header from transparent to a gradient past the scroll threshold', () => {
    expect(look('/about').background).toBe('transparent');
    expect(look('/about', { scrolledPast: true }).background).toBe('gradient');
  });

  it('uses the translucent background on privacy, terms, top-up and exchange', () => {
    for (const path of ['/priv', '/userve', '/recharge', '/exchange']) expect(look(path).background).toBe('translucent');
    expect(look('/tutorial').background).toBe('solid');
  });

  it('gives an open menu a white logo and no background anywhere', () => {
    expect(look('/about', { menuOpen: true })).toEqual({ logo: 'white', background: 'none', slide5: false });
    expect(look('/', { slideIndex: 5, menuOpen: true }).slide5).toBe(false);
  });
});

describe('header tabs', () => {
  it('lists five tabs with title, to, name and isShowMobile, centred', () => {
    const tabs = headerTabs(false);
    expect(tabs.map((t) => [t.name, t.to])).toEqual([
      ['home', '/'],
      ['music', '/music'],
      ['creator-platform', '/creator-platform'],
      ['tutorial', '/tutorial'],
      ['exchange', '/exchange'],
    ]);
    expect(tabsCentred(tabs)).toBe(true);
    expect(tabsCentred([...tabs, ...tabs])).toBe(false);
  });

  it('leads both creator tabs to /creator on mobile devices and leaves out the desktop-only tab', () => {
    const tabs = headerTabs(true);
    expect(tabs.map((t) => t.name)).toEqual(['home', 'creator-platform', 'tutorial', 'exchange']);
    expect(tabs.filter((t) => t.name === 'creator-platform' || t.name === 'tutorial').every((t) => t.to.startsWith('/creator?'))).toBe(true);
  });
});
