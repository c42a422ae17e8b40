import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Link, NavLink, useLocation } from 'react-router';
import { ABOUT_SCROLL_THRESHOLD_PX, BREAKPOINT_MOBILE_PX } from '../../../shared/ui/layout';
import { sitePaths } from '@vsp/contract/site-paths';
import { useHomeSlideIndex } from '../../../shared/app-state/home-slide-store';
import { useDevice } from '../../../shared/device/device';
import { headerLook, headerTabs, tabsCentred, type TabItem } from '../header-rules';
import { useHeaderFit } from '../hooks/use-header-fit';
import { useScrolledPast } from '../hooks/use-scrolled-past';
import { useWindowResize } from '../hooks/use-window-resize';
import { SiteLogo } from './site-logo';
import './site-header.css';

export interface SiteHeaderProps {
  /** The download button (features/download), shown in a browser only. */
  download?: ReactNode;
  /** Slot: the language switcher (features/i18n). */
  languageSwitcher?: ReactNode;
  /** Slot: the account menu (features/auth). */
  accountMenu?: ReactNode;
}

function TabLinks({ tabs, onNavigate }: { tabs: TabItem[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return tabs.map((tab) => (
    <li key={tab.name}>
      <NavLink to={tab.to} end={tab.to === sitePaths.home} className="header-tab" data-name={tab.name} onClick={onNavigate}>
        {t(tab.title)}
      </NavLink>
    </li>
  ));
}

/**
 * The site header of spec section 2. The caller decides whether it shows (route and app rules);
 * this component draws the logo, the tabs, the hamburger menu at 1025 px or less, and the slots.
 */
export function SiteHeader({ download, languageSwitcher, accountMenu }: SiteHeaderProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const slideIndex = useHomeSlideIndex();
  const [menuOpen, setMenuOpen] = useState(false);
  const scrolledPast = useScrolledPast(ABOUT_SCROLL_THRESHOLD_PX, pathname === sitePaths.about);
  const look = headerLook({ pathname, slideIndex, scrolledPast, menuOpen });
  const tabs = headerTabs(useDevice().mobile);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  useHeaderFit(headerRef);

  // Wider than 825 px the menu closes by itself (checked once resizing pauses for 200 ms).
  useWindowResize((width) => {
    if (width > BREAKPOINT_MOBILE_PX) setMenuOpen(false);
  });

  // A navigation closes the menu.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  // Listening from the render that opens the menu (a layout effect), so an Escape right away closes it.
  useLayoutEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const classes = ['site-header', `site-header--bg-${look.background}`, `site-header--logo-${look.logo}`];
  if (look.slide5) classes.push('site-header--slide5');
  if (menuOpen) classes.push('site-header--menu-open');

  return (
    <header ref={headerRef} className={classes.join(' ')} data-testid="site-header" data-logo={look.logo} data-background={look.background}>
      <div className="site-header__bar">
        <Link to={sitePaths.home} className="site-header__logo" aria-label={t('header.home_link')} data-testid="site-logo">
          <SiteLogo />
        </Link>
        <nav className={`site-header__nav${tabsCentred(tabs) ? ' site-header__nav--centred' : ''}`} aria-label={t('header.nav_label')}>
          <ul className="header-tabs" data-testid="header-tabs">
            <TabLinks tabs={tabs} />
          </ul>
        </nav>
        <div className="site-header__actions">
          {download ? <div className="site-header__download">{download}</div> : null}
          {/* Slot: LanguageSwitcher (features/i18n), wired in by the app layer. */}
          {languageSwitcher ? <div className="site-header__slot" data-slot="language-switcher">{languageSwitcher}</div> : null}
          {/* Slot: AccountMenu (features/auth), wired in by the app layer. On the mobile layout it
              shows inside the open menu, so the bar keeps room for the menu button in every language. */}
          {accountMenu ? <div className="site-header__slot site-header__account" data-slot="account-menu">{accountMenu}</div> : null}
        </div>
        {/* After the actions: at 1025 px or less it ends the bar; wider, when the tabs do not fit,
            it stands after the logo so nothing in the actions moves (decision 0100). */}
        <button
          ref={toggleRef}
          type="button"
          className="site-header__toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={t(menuOpen ? 'header.menu_close' : 'header.menu_open')}
          data-testid="menu-toggle"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="site-header__toggle-lines" aria-hidden="true" />
        </button>
      </div>
      <div id={menuId} className="site-menu" hidden={!menuOpen} data-testid="site-menu">
        <nav aria-label={t('header.menu_label')}>
          <ul className="site-menu__list">
            <TabLinks tabs={tabs} onNavigate={() => setMenuOpen(false)} />
          </ul>
        </nav>
      </div>
    </header>
  );
}
